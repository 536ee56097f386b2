// kappa-expect: property=no-overflow verdict=false(no-overflow)
// unseen (lead, 2026-12-02): the guard divides the wrong bound (INT_MAX / 2 for any b)
// failing-input: 1073741823 3
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  int r = 0;
  if (a > 0 && b > 0 && a <= INT_MAX / 2) r = a * b;
  return r > 100;
}
