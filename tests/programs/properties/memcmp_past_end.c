// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// memcmp of n bytes needs n bytes in both objects (C11 7.24.4.1; audit10): a 4-byte block compared
// over 5 bytes. The error is inside the C library's model; its witness names the program's call
// of memcmp, where the compiled program's AddressSanitizer report points (sound11: before, the
// test built from the witness's run expected the model's own line, and validation failed).
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
