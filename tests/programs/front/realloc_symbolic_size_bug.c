// kappa-expect: property=unreach-call verdict=false
// realloc to a symbolic size n: the bytes past the old block are the call's inputs, recorded as many as the model's n needs
#include <stdlib.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  char *p = malloc(2);
  if (!p) return 0;
  p[0] = 1;
  p[1] = 2;
  if (n > 2 && n < 8) {
    char *q = realloc(p, n);
    if (!q) {
      free(p);
      return 0;
    }
    p = q;
    p[n - 1] = 3;
    if (p[2] == 7 && p[0] == 1) reach_error();
  }
  free(p);
  return 0;
}
