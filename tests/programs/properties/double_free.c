// kappa-expect: property=valid-memsafety verdict=false(valid-free)
// a block is freed twice when the input is negative
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  int x = __VERIFIER_nondet_int();
  *p = x;
  free(p);
  if (x < 0) {
    free(p);
  }
  return 0;
}
