// kappa-expect: property=valid-memcleanup verdict=false
// quick_exit does not run the handlers registered with atexit: the block is still allocated
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *buf;
static void release(void) { free(buf); buf = 0; }
int main(void) {
  atexit(release);
  buf = malloc(8);
  if (!buf) return 0;
  if (__VERIFIER_nondet_int()) quick_exit(3);
  return 0;
}
