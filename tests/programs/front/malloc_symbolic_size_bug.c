// kappa-expect: property=unreach-call verdict=false
// a block of a symbolic size n: the counterexample's test records its contents as many bytes as the model's n needs, so it replays (the verdict comes from the replayed test: an SV-COMP witness has no values for the contents of malloc'd memory)
#include <stdlib.h>
extern void reach_error(void);
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned n = __VERIFIER_nondet_uint();
  if (n > 0 && n < 8) {
    char *p = malloc(n);
    if (!p) return 0;
    p[n - 1] = 1;
    if (p[0] == 7) reach_error();
    free(p);
  }
  return 0;
}
