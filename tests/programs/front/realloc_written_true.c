// kappa-expect: property=unreach-call verdict=true
// realloc's new bytes written before they are read (sound11: the new bytes are inputs, this
// program reads none of them unwritten); realloc(NULL, n) is malloc(n), realloc(p, 0) frees p.
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  int *p = realloc(NULL, sizeof(int));
  if (!p) return 0;
  p[0] = 3;
  int *q = realloc(p, (unsigned)(n + 1) * sizeof(int));
  if (!q) {
    free(p);
    return 0;
  }
  for (int i = 1; i <= n; i++)
    q[i] = q[i - 1] + 1;
  if (q[0] != 3 || q[n] != 3 + n) reach_error();
  q = realloc(q, 0);
  if (q) free(q);
  return 0;
}
