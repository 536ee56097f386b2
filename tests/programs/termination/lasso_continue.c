// kappa-expect: property=termination verdict=false(termination)
// a `continue` that skips the step: for a start of 3 the loop never changes its state
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 9) return 0;
  int steps = 0;
  while (x < 6) {
    if (x == 3) continue;
    x = x + 1;
    steps = x;
  }
  return steps;
}
