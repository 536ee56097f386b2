// kappa-expect: property=valid-memcleanup verdict=unknown (unsupported: the address of `exit`, which has no body (neither the program nor kappa's C library model defines it as a function))
// A global function pointer initialised with `exit` (audit10): the call through it says why
// kappa cannot follow it. Before, the global whose initialiser failed was dropped silently and
// the call was refused as one of an undeclared function `quit` (exit 2).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void (*quit)(int) = exit;
int main(void) {
  char *p = malloc(8);
  if (!p) return 0;
  if (__VERIFIER_nondet_int()) quit(0);
  free(p);
  return 0;
}
