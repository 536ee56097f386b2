// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// memcmp of n bytes needs n bytes in both objects, even when the first bytes differ (C11
// 7.24.4.1; audit10): a 4-byte block compared over 5 bytes. Before audit10 the model stopped at
// the first difference and answered `true`. (Also in ../properties, whose test validates the
// witnesses: since sound11 an error inside a library model is located at the program's call.)
#include <stdlib.h>
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *a = malloc(4);
  if (!a) return 0;
  memcpy(a, "xyz", 4);
  char b[8] = "abcdefg";
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) {
    free(a);
    return 0;
  }
  int r = memcmp(a, b, n);
  free(a);
  return r > 0;
}
