// kappa-expect: property=termination verdict=false(termination)
// state in a heap block: a small start value is never increased
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *a = malloc(2 * sizeof(int));
  if (!a) return 0;
  a[0] = __VERIFIER_nondet_int();
  a[1] = 0;
  while (a[0] < 10) {
    a[1] = a[0];
    a[0] = a[0] + (a[1] > 5 ? 2 : 0);
  }
  free(a);
  return 0;
}
