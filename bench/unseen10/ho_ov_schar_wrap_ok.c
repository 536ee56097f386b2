// kappa-expect: property=no-overflow verdict=true
// held-out (audit10, 2026-12-04): ++ on a signed char is an int addition and a conversion (not an overflow); |INT_MIN| guarded
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  signed char c = (signed char)__VERIFIER_nondet_int();
  for (int i = 0; i < 300; i++) c++;
  int ax = x == INT_MIN ? INT_MAX : (x < 0 ? -x : x);
  int d = ax / 2 + c;
  return d > 100;
}
