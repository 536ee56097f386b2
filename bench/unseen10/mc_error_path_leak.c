// kappa-expect: property=valid-memsafety verdict=false(valid-memtrack)
// kappa-expect: property=valid-memcleanup verdict=false(valid-memcleanup)
// unseen (audit10, 2026-12-04): load() returns NULL on a negative value without freeing its buffer
// failing-input: 1 -1
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *load(int n) {
  int *buf = malloc(n * sizeof(int));
  if (!buf) return NULL;
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    if (v < 0) return NULL;
    buf[i] = v;
  }
  return buf;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int *p = load(n);
  if (!p) return 1;
  int s = p[0];
  free(p);
  return s > 5;
}
