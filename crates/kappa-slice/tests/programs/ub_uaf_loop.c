// Use after free of a heap site that runs several times: `old` points to the request freed in
// the previous iteration.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct req { int len; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  struct req *old = 0;
  int total = 0;
  for (int i = 0; i < n && i < 3; i++) {
    struct req *r = malloc(sizeof(struct req));
    if (!r) return 0;
    r->len = i;
    if (old) { total += old->len; }
    old = r;
    free(r);
  }
  if (total < 0) reach_error();
  return 0;
}
