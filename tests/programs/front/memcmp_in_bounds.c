// kappa-expect: property=valid-memsafety verdict=true
// memcmp of at most the shorter object's length, the bytes differing early or not (audit10: the
// model reads the first and last byte of both ranges before it compares)
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *a = malloc(4);
  if (!a) return 0;
  memcpy(a, "xyz", 4);
  char b[8] = "xyzdefg";
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) {
    free(a);
    return 0;
  }
  int r = memcmp(a, b, n) + memcmp(b + 4, "def", n < 3 ? n : 3);
  free(a);
  return r != 0;
}
