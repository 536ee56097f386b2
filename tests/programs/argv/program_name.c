// kappa-expect: verdict=false
// argv[0] is nondeterministic too: the error needs the program to be called "sh"
#include <string.h>
extern void abort(void);
void reach_error(void) { abort(); }
int main(int argc, char **argv) {
  if (strcmp(argv[0], "sh") == 0) reach_error();
  return 0;
}
