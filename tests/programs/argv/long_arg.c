// kappa-expect: verdict=false
// the error needs an argument longer than the 8 characters kappa materialises: the bound cuts it off, so the answer is unknown, never true
#include <string.h>
extern void abort(void);
void reach_error(void) { abort(); }
int main(int argc, char **argv) {
  if (argc > 1 && strlen(argv[1]) > 10) reach_error();
  return 0;
}
