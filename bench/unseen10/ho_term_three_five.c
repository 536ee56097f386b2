// kappa-expect: property=termination verdict=false(termination)
// held-out (audit10, 2026-12-04): from 3 or more the countdown falls into the cycle 3 -> 5 -> 3
// failing-input: 4
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) {
    if (x == 3)
      x = 5;
    else if (x == 5)
      x = 3;
    else
      x--;
  }
  return 0;
}
