// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// unseen (audit10, 2026-12-04): memcpy of the bigger struct into a block of the smaller one
// failing-input: 1
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
struct small {
  int a;
  int b;
};
struct big {
  int a;
  int b;
  long c;
};
int main(void) {
  struct small *s = malloc(sizeof(struct small));
  if (!s) return 0;
  struct big b = {1, 2, 3};
  if (__VERIFIER_nondet_int())
    memcpy(s, &b, sizeof b);
  else
    memcpy(s, &b, sizeof *s);
  int r = s->a + s->b;
  free(s);
  return r;
}
