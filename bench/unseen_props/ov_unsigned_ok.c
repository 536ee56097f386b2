// kappa-expect: property=no-overflow verdict=true
// unseen (lead, 2026-12-02): unsigned arithmetic wraps by definition; the signed sum is bounded
extern unsigned int __VERIFIER_nondet_uint(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint(), b = __VERIFIER_nondet_uint();
  unsigned int c = a * b + 7u;
  int s = 0;
  for (int i = 0; i < 10; i++) {
    int v = __VERIFIER_nondet_int();
    if (v < -1000 || v > 1000) v = 0;
    s += v;
  }
  return (c & 1u) + (s > 0);
}
