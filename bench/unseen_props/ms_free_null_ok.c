// kappa-expect: property=valid-memsafety verdict=true
// unseen (lead, 2026-12-02): free(NULL) is allowed; every block is freed once
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = 0;
  if (__VERIFIER_nondet_int()) { p = malloc(sizeof(int)); if (!p) return 0; *p = 3; }
  free(p);
  int *q = calloc(4, sizeof(int));
  if (q) { q[3] = q[0] + 1; free(q); }
  return 0;
}
