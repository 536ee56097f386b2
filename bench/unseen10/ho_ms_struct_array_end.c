// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// held-out (audit10, 2026-12-04): a field of the element one past the end of a global array of structs
// failing-input: 6 6
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct rec {
  int key;
  char tag;
  short w;
};
struct rec table[6];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 6) return 0;
  for (int i = 0; i < n; i++) {
    table[i].key = i;
    table[i].tag = 'a' + i;
  }
  int j = __VERIFIER_nondet_int();
  if (j >= 0 && j <= n)
    table[j].w = 1;
  return table[0].w;
}
