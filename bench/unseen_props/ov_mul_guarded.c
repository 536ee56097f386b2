// kappa-expect: property=no-overflow verdict=true
// unseen (lead, 2026-12-02): a multiplication guarded by the division test
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  int r = 0;
  if (a > 0 && b > 0 && a <= INT_MAX / b) r = a * b;
  return r > 100;
}
