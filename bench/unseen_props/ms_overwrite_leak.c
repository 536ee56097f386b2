// kappa-expect: property=valid-memsafety verdict=false(valid-memtrack)
// unseen (lead, 2026-12-02): the only pointer to a block is overwritten by a second allocation
// failing-input: 1
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  *p = 1;
  if (__VERIFIER_nondet_int()) {
    p = malloc(sizeof(int));
    if (!p) return 0;
  }
  free(p);
  return 0;
}
