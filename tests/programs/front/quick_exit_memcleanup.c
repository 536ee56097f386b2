// kappa-expect: property=valid-memcleanup verdict=true
// a block freed by a handler registered with at_quick_exit, which runs at quick_exit (C11 7.22.4.7)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *buf;
static void release(void) { free(buf); buf = 0; }
int main(void) {
  at_quick_exit(release);
  buf = malloc(8);
  if (!buf) return 0;
  if (__VERIFIER_nondet_int()) quick_exit(3);
  free(buf);
  return 0;
}
