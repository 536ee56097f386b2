// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=false(valid-memcleanup)
// unseen (lead, 2026-12-02): a block still pointed to by a global at exit: tracked, not cleaned up
// failing-input: 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *cache;
int main(void) {
  cache = malloc(4 * sizeof(int));
  if (!cache) return 0;
  cache[0] = __VERIFIER_nondet_int();
  return cache[0] > 0;
}
