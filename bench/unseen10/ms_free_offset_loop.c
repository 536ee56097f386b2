// kappa-expect: property=valid-memsafety verdict=false(valid-free)
// unseen (audit10, 2026-12-04): the cursor is walked back one step short when n % 5 == 3, then freed
// failing-input: 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *p = malloc(32);
  if (!p) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 31) n = 0;
  char *q = p;
  for (int i = 0; i < n; i++) {
    *q = 'a';
    q++;
  }
  *q = 0;
  q -= n;
  if (n % 5 == 3) q++;
  free(q);
  return 0;
}
