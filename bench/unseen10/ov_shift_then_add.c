// kappa-expect: property=no-overflow verdict=false(no-overflow)
// unseen (audit10, 2026-12-04): x << 15 fits for x <= 65535, but (x << 15) + x does not for x = 65535 only
// failing-input: 65535
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 0xFFFF) return 0;
  int y = x << 15;
  int z = y + x;
  return z > 1000;
}
