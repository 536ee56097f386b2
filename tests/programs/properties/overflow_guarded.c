// kappa-expect: property=no-overflow verdict=true
// every operation is guarded against overflow
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a > 0 && b > INT_MAX - a) return 0;
  if (a < 0 && b < INT_MIN - a) return 0;
  int s = a + b;
  if (s == INT_MIN) return 1;
  return -s > 0;
}
