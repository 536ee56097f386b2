// Heap objects freed once on every path, through a field and a callee, and a site in a loop
// freed at the end of each iteration: no undefined behaviour, and the slice lists none.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct req { int len; int done; };
struct dev { struct req *cur; int *buf; int state; };
int completed;
void release(struct req *r) {
  free(r);
  completed++;
}
int main(void) {
  struct dev d;
  d.buf = malloc(sizeof(int));
  if (!d.buf) return 0;
  *d.buf = 1;
  d.cur = malloc(sizeof(struct req));
  if (!d.cur) { free(d.buf); return 0; }
  d.cur->len = __VERIFIER_nondet_int();
  if (d.cur->len > 4) {
    release(d.cur);
    d.cur = 0;
  }
  if (d.cur) release(d.cur);
  int v = *d.buf;
  free(d.buf);
  for (int i = 0; i < 3; i++) {
    struct req *r = malloc(sizeof(struct req));
    if (!r) return 0;
    r->len = i;
    v += r->len;
    release(r);
  }
  if (completed > 4) reach_error();
  return v;
}
