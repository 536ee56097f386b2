// kappa-expect: property=valid-memcleanup verdict=false(valid-memcleanup)
// two blocks are still allocated at exit: whichever of them kappa names, the replay finds it among LeakSanitizer's reports
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(8);
  int *q = malloc(8);
  p = q;
  if (__VERIFIER_nondet_int()) exit(1);
  free(q);
  return 0;
}
