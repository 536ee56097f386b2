// kappa-expect: property=unreach-call verdict=false(unreach-call)
// The bytes realloc adds past the old block's size are indeterminate (C11 7.22.3.5), as
// malloc's are: inputs of the call (sound11). Before sound11 the library model zero-filled them
// and kappa answered `true`; the compiled program reads whatever the heap held. The old bytes
// are copied: the first check never fails.
#include <stdlib.h>
extern void abort(void);
void reach_error(void) { abort(); }
int main(void) {
  int *p = malloc(sizeof(int));
  if (!p) return 0;
  p[0] = 7;
  int *q = realloc(p, 2 * sizeof(int));
  if (!q) {
    free(p);
    return 0;
  }
  if (q[0] != 7) reach_error();
  if (q[1] == 42) reach_error();
  free(q);
  return 0;
}
