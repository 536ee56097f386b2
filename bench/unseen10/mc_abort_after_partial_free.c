// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=false(valid-memcleanup)
// unseen (audit10, 2026-12-04): abort() between the two frees: the second block is still allocated
// failing-input: -1
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *a = malloc(10);
  char *b = malloc(20);
  if (!a || !b) {
    free(a);
    free(b);
    return 0;
  }
  int v = __VERIFIER_nondet_int();
  a[0] = (char)v;
  b[0] = a[0];
  free(a);
  if (v < 0) abort();
  free(b);
  return 0;
}
