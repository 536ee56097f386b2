// kappa-expect: property=valid-memsafety verdict=false(valid-free)
// unseen (lead, 2026-12-02): free of a pointer into the middle of a block, on one branch
// failing-input: 1
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *p = malloc(16);
  if (!p) return 0;
  char *q = p;
  if (__VERIFIER_nondet_int()) q = q + 4;
  free(q);
  return 0;
}
