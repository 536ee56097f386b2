// kappa-expect: property=valid-memsafety verdict=false(valid-free)
// unseen (audit10, 2026-12-04): the callee frees the buffer on its error path; the caller frees it again unless k == 4
// failing-input: 5
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int process(char *buf, int k) {
  if (k > 3) {
    free(buf);
    return -1;
  }
  buf[0] = (char)k;
  return 0;
}
int main(void) {
  char *buf = malloc(8);
  if (!buf) return 0;
  int k = __VERIFIER_nondet_int();
  int r = process(buf, k);
  if (r < 0 && k == 4) return 1;
  free(buf);
  return 0;
}
