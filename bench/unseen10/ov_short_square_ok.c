// kappa-expect: property=no-overflow verdict=true
// unseen (audit10, 2026-12-04): a short squared in int fits (at most 2^30); unsigned arithmetic wraps without overflow
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  short s = (short)__VERIFIER_nondet_int();
  int sq = s * s;
  short t = (short)(s + s);
  int w = sq - s + t;
  unsigned int u = __VERIFIER_nondet_uint();
  u = u * u + 7u;
  u -= 100u;
  return w > 3 && u > 5u;
}
