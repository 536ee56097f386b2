// Use after free through a struct field, on one path only: the dereference at line 16 is
// undefined behaviour when the nondet branch freed `d.buf` (the slice must list it).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct dev { int *buf; int state; };
int main(void) {
  struct dev d;
  d.buf = malloc(sizeof(int));
  if (!d.buf) return 0;
  *d.buf = 1;
  d.state = 0;
  if (__VERIFIER_nondet_int()) {
    free(d.buf);
    d.state = 1;
  }
  int v = *d.buf;
  if (d.state > 1) reach_error();
  return v;
}
