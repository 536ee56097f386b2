// kappa-expect: property=unreach-call verdict=false
// main's arguments are nondeterministic under SV-COMP: argv[1] can be "-x"
#include <string.h>
extern void abort(void);
void reach_error(void) { abort(); }
int main(int argc, char **argv) {
  if (argc > 1 && strcmp(argv[1], "-x") == 0) reach_error();
  return 0;
}
