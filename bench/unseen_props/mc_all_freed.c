// kappa-expect: property=valid-memcleanup verdict=true
// unseen (lead, 2026-12-02): every block is freed on every path, including the early return
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(4 * sizeof(int));
  if (!a) return 0;
  int *b = malloc(4 * sizeof(int));
  if (!b) { free(a); return 0; }
  if (__VERIFIER_nondet_int()) { free(a); free(b); return 1; }
  a[0] = 1; b[0] = 2;
  free(b); free(a);
  return 0;
}
