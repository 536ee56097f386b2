// kappa-expect: property=termination verdict=true
// held-out (audit10, 2026-12-04): Euclid's gcd by subtraction on positive inputs up to 50
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = __VERIFIER_nondet_uint();
  if (a == 0 || b == 0 || a > 50 || b > 50) return 0;
  while (a != b) {
    if (a > b)
      a -= b;
    else
      b -= a;
  }
  return (int)a;
}
