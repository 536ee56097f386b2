// kappa-expect: property=no-overflow verdict=true
// unseen (audit10, 2026-12-04): the classic guards a > INT_MAX / b and p > INT_MAX - a on positive values
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a <= 0 || b <= 0) return 0;
  if (a > INT_MAX / b) return 0;
  int p = a * b;
  if (p > INT_MAX - a) return 0;
  p += a;
  int m = -p;
  return m < 0;
}
