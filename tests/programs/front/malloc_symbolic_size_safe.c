// kappa-expect: property=unreach-call verdict=true
// a block of a symbolic size n, written before it is read: nothing depends on its initial bytes
#include <stdlib.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 0 && n < 8) {
    char *p = malloc(n);
    if (!p) return 0;
    p[0] = 5;
    p[n - 1] = 1;
    char *q = realloc(p, n + 1);
    if (!q) {
      free(p);
      return 0;
    }
    if (q[0] != 5 && n > 1) reach_error();
    free(q);
  }
  return 0;
}
