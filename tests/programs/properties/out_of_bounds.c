// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// writes one element past a heap array when i == n
#include <stdlib.h>
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = 8;
  int *a = malloc(n * sizeof(int));
  unsigned i = __VERIFIER_nondet_uint();
  if (i <= n) {
    a[i] = 1;
  }
  free(a);
  return 0;
}
