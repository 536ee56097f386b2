// kappa-expect: property=valid-memsafety verdict=true
// unseen (audit10, 2026-12-04): memmove of a string one place to the right inside its buffer, then strlen
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[16];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 15) return 0;
  for (int i = 0; i < n; i++) buf[i] = 'a' + i;
  buf[n] = 0;
  if (n < 15) {
    memmove(buf + 1, buf, n + 1);
    buf[0] = 'z';
  }
  return (int)strlen(buf);
}
