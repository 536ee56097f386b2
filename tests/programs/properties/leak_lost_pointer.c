// kappa-expect: property=valid-memsafety verdict=false(valid-memtrack)
// the first block is lost when the pointer to it is overwritten (flag set)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (__VERIFIER_nondet_int()) {
    p = malloc(sizeof(int));
  }
  *p = 1;
  free(p);
  return 0;
}
