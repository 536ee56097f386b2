// kappa-expect: property=termination verdict=true
// unseen (audit10, 2026-12-04): nested loops, the inner one counting an unsigned down to 0
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint() % 12u;
  unsigned int steps = 0;
  for (unsigned int i = 0; i < n; i++) {
    for (unsigned int j = i; j > 0; j--)
      steps++;
  }
  return steps > 10u;
}
