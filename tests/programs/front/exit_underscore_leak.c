// kappa-expect: property=valid-memcleanup verdict=false
// _Exit runs no atexit handler: the block the handler would free is still allocated (replay checks leaks at _Exit, which LeakSanitizer does not)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *buf;
static void release(void) { free(buf); buf = 0; }
int main(void) {
  atexit(release);
  buf = malloc(8);
  if (!buf) return 0;
  if (__VERIFIER_nondet_int()) _Exit(3);
  return 0;
}
