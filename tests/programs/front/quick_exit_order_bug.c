// kappa-expect: property=unreach-call verdict=false
// the handlers of at_quick_exit run at quick_exit, the last registered first: `first` runs after `second`
#include <stdlib.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int order;
void first(void) { if (order == 2) reach_error(); order = 1; }
void second(void) { order = 2; }
int main(void) {
  at_quick_exit(first);
  at_quick_exit(second);
  if (__VERIFIER_nondet_int()) quick_exit(1);
  return 0;
}
