// kappa-expect: property=no-overflow verdict=true
// Left shifts whose values fit their types (audit10: kappa checks signed `<<` for no-overflow;
// `1 << 31` overflows, these do not): up to 2^30, a 16-bit value moved up by 15, a long moved
// by 40 in LP64, and unsigned shifts, which wrap.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 30) return 0;
  int a = 1 << k;
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 0xFFFF) return 0;
  int y = x << 15;
  long l = (long)x << 40;
  unsigned u = (unsigned)x << 31;
  int r = y >> 3;
  r <<= 2;
  return (a > 5) + (r > 7) + (l > 0) + (u > 1);
}
