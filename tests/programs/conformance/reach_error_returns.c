// kappa-expect: property=valid-memcleanup verdict=true
// reach_error() returns here (its body ends nothing): under valid-memcleanup the program goes on and frees the block; kappa must not report it as still allocated
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void reach_error(void) {}
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  if (__VERIFIER_nondet_int()) reach_error();
  free(p);
  return 0;
}
