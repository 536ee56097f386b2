// kappa-expect: property=valid-memsafety verdict=false(valid-memtrack)
// the only pointer to the block is cleared before quick_exit: the block is lost when the program ends there
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *keep;
int main(void) {
  keep = malloc(8);
  if (!keep) return 0;
  if (__VERIFIER_nondet_int()) { keep = 0; quick_exit(1); }
  free(keep);
  return 0;
}
