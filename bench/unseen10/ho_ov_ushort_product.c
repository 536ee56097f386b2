// kappa-expect: property=no-overflow verdict=false(no-overflow)
// held-out (audit10, 2026-12-04): unsigned short operands promote to int; 49999 * 65535 does not fit
// failing-input: 49999 65535
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned short a = (unsigned short)__VERIFIER_nondet_uint();
  unsigned short b = (unsigned short)__VERIFIER_nondet_uint();
  if (a == 0 || b == 0 || a >= 50000) return 0;
  int area = a * b;
  unsigned int total = 0;
  for (int i = 0; i < 3; i++) total += (unsigned int)area;
  return total == 7u;
}
