// Double free through a callee: `release` frees `r` twice when `len > 4` (the slice must list
// the invalid free).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct req { int len; int done; };
int completed;
void release(struct req *r) {
  free(r);
  completed++;
}
int main(void) {
  struct req *r = malloc(sizeof(struct req));
  if (!r) return 0;
  r->len = __VERIFIER_nondet_int();
  r->done = 0;
  if (r->len > 4)
    release(r);
  release(r);
  if (completed > 2) reach_error();
  return 0;
}
