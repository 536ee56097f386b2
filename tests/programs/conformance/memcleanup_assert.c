// kappa-expect: property=valid-memcleanup verdict=false
// a failed assert aborts the program while a block is still allocated
#include <stdlib.h>
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  *p = __VERIFIER_nondet_int();
  assert(*p != 7);
  free(p);
  return 0;
}
