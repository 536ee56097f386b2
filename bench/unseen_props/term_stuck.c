// kappa-expect: property=termination verdict=false(termination)
// unseen (lead, 2026-12-02): for an input of 7 the loop never changes its state
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 20) return 0;
  while (x != 10) {
    if (x == 7) continue;
    x = x < 10 ? x + 1 : x - 1;
  }
  return 0;
}
