// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// held-out (audit10, 2026-12-04): the old pointer is read after realloc succeeded
// failing-input: 5
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 8) return 0;
  int *p = malloc(n * sizeof(int));
  if (!p) return 0;
  for (int i = 0; i < n; i++) p[i] = i;
  int *q = realloc(p, 2 * n * sizeof(int));
  if (!q) {
    free(p);
    return 0;
  }
  int s = 0;
  if (n > 4) s = p[0]; /* p is dangling once realloc succeeded */
  for (int i = n; i < 2 * n; i++) q[i] = s;
  free(q);
  return 0;
}
