// Use after free in a callee: `teardown` frees the queue when `how == 3`, then `peek` reads it.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct ext { int *queue; int count; };
void teardown(struct ext *e, int how) {
  if (how == 3) free(e->queue);
  e->count = 0;
}
int peek(struct ext *e) { return e->queue[0]; }
int main(void) {
  struct ext e;
  e.queue = malloc(2 * sizeof(int));
  if (!e.queue) return 0;
  e.queue[0] = 7;
  e.count = 1;
  teardown(&e, __VERIFIER_nondet_int());
  int x = peek(&e);
  if (e.count != 0) reach_error();
  return x;
}
