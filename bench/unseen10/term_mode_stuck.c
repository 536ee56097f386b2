// kappa-expect: property=termination verdict=false(termination)
// unseen (audit10, 2026-12-04): at x == 2 the mode never switches, so x never decreases again
// failing-input: 3
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) return 0;
  int mode = 0;
  while (x != 0) {
    if (mode) {
      x = x - 1;
      mode = 0;
    } else {
      if (x == 2)
        mode = 0;
      else
        mode = 1;
    }
  }
  return 0;
}
