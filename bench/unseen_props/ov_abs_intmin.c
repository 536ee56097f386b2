// kappa-expect: property=no-overflow verdict=false(no-overflow)
// unseen (lead, 2026-12-02): the absolute value of INT_MIN
// failing-input: -2147483648
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) x = -x;
  return x > 10;
}
