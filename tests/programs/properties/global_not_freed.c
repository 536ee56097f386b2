// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=false(valid-memcleanup)
// the block stays reachable from a global (tracked) but is never freed (not cleaned up)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *cache;
int main(void) {
  cache = malloc(4 * sizeof(int));
  cache[0] = __VERIFIER_nondet_int();
  return cache[0] > 0;
}
