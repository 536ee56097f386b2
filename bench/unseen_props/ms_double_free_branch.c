// kappa-expect: property=valid-memsafety verdict=false(valid-free)
// unseen (lead, 2026-12-02): a cleanup path frees a block the error path already freed
// failing-input: 1
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *buf = malloc(8 * sizeof(int));
  if (!buf) return 0;
  int err = __VERIFIER_nondet_int();
  if (err) free(buf); else buf[0] = 1;
  free(buf);
  return 0;
}
