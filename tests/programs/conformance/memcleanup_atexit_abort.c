// kappa-expect: property=valid-memcleanup verdict=false
// handlers registered with atexit do not run at abort(): the block is still allocated
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *buf;
static void cleanup(void) { free(buf); buf = 0; }
int main(void) {
  atexit(cleanup);
  buf = malloc(8);
  if (!buf) return 0;
  if (__VERIFIER_nondet_int()) abort();
  return 0;
}
