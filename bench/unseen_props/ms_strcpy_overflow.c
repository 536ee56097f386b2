// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// unseen (lead, 2026-12-02): strcpy of a 5-character literal into a 4-byte buffer
// failing-input: 0
#include <string.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char buf[4];
  if (__VERIFIER_nondet_int()) strcpy(buf, "abc"); else strcpy(buf, "hello");
  return buf[0] == 'a';
}
