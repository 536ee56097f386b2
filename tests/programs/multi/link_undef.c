/* Linked with tok.c: `checksum` is declared but no file defines it and the C library has no
 * model of it (the linker's "undefined reference"); kappa stops at the call, exit code 2. */
#include "tok.h"
int checksum(const char *s, int n);
int main(void) {
  char buf[2] = {'a', '1'};
  struct lexer lx;
  tok_init(&lx, buf, 2);
  struct token t = tok_next(&lx);
  return checksum(buf, t.len);
}
