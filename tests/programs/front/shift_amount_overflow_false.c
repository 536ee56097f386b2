// kappa-expect: property=no-overflow verdict=false(no-overflow)
// A signed `<<` by the width or more is undefined (C11 6.5.7p3) and counts as an overflow
// (sound11); UBSan: "shift exponent 32 is too large for 32-bit type 'int'".
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 32 || k > 40) return 0;
  int x = __VERIFIER_nondet_int();
  if (x != 0) return 0;
  int a = x << k;
  return a > 5;
}
