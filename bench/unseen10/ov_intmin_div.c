// kappa-expect: property=no-overflow verdict=false(no-overflow)
// unseen (audit10, 2026-12-04): a guard against division by zero and small divisors, but INT_MIN / -1 overflows
// failing-input: -2147483648 -1
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (b == 0) return 0;
  if (a < -1000000 && b < 0 && b > -3) {
    int q = a / b;
    return q > 0;
  }
  return 0;
}
