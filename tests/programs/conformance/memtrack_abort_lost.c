// kappa-expect: property=valid-memsafety verdict=false
// a block's only pointer is overwritten, then the program aborts: the block is lost when the program terminates (valid-memtrack)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  *p = __VERIFIER_nondet_int();
  if (*p > 10) {
    p = 0;
    abort();
  }
  free(p);
  return 0;
}
