// kappa-expect: property=no-overflow verdict=true
// unseen (lead, 2026-12-02): a counter that stops at its bound, the bound up to INT_MAX
#include <limits.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = INT_MAX - 3;
  while (i < n) i++;
  return i;
}
