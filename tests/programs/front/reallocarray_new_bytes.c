// kappa-expect: property=unreach-call verdict=false(unreach-call)
// reallocarray(p, n, m) is realloc(p, n * m): the bytes past the old size are indeterminate,
// inputs of the call (sound11); where n * m overflows it returns NULL and leaves p alone. (A
// symbolic size would give a test without the block's bytes, which does not replay: the engine's.)
#define _GNU_SOURCE
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { abort(); }
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  p[0] = 7;
  unsigned long n = __VERIFIER_nondet_ulong();
  if (n > (unsigned long)-1 / sizeof(int)) {
    int *r = reallocarray(p, n, sizeof(int));
    if (r) reach_error();
    free(p);
    return 0;
  }
  int *q = reallocarray(p, 2, sizeof(int));
  if (!q) {
    free(p);
    return 0;
  }
  if (q[0] != 7) reach_error();
  if (q[1] == 42) reach_error();
  free(q);
  return 0;
}
