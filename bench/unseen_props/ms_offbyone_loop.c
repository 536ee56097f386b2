// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// unseen (lead, 2026-12-02): a loop writes one element past a heap array of nondet length
// failing-input: 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 16) return 0;
  int *a = malloc(n * sizeof(int));
  if (!a) return 0;
  for (int i = 0; i <= n; i++) a[i] = i;
  free(a);
  return 0;
}
