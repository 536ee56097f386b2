// kappa-expect: property=termination verdict=true
// unseen (lead, 2026-12-02): a countdown by a nondet positive step
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 50) x = 50;
  while (x > 0) {
    int d = __VERIFIER_nondet_int();
    if (d < 1 || d > 3) d = 1;
    x = x - d;
  }
  return 0;
}
