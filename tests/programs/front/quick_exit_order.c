// kappa-expect: property=unreach-call verdict=true
// quick_exit runs the handlers at_quick_exit registered, last registered first, and not atexit's; exit and the return from main run atexit's only
#include <stdlib.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int quick, order;
void first(void) { if (!quick || order != 2) reach_error(); order = 1; }
void second(void) { if (!quick || order != 0) reach_error(); order = 2; }
void at_exit_handler(void) { if (quick || order != 0) reach_error(); }
int main(void) {
  atexit(at_exit_handler);
  at_quick_exit(first);
  at_quick_exit(second);
  int x = __VERIFIER_nondet_int();
  if (x == 1) { quick = 1; quick_exit(0); }
  if (x == 2) exit(0);
  return 0;
}
