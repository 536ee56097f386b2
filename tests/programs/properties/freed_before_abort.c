// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=true
// every block is freed before the program aborts, exits or fails its assertion
#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(2 * sizeof(int));
  p[0] = __VERIFIER_nondet_int();
  p[1] = __VERIFIER_nondet_int();
  int a = p[0], b = p[1];
  free(p);
  if (a == 1) abort();
  if (a == 2) exit(4);
  assert(b != 3);
  return 0;
}
