// kappa-expect: property=no-overflow verdict=false(no-overflow)
// `1 << 31` does not fit in `int` (C11 6.5.7p4; audit10 made kappa check it, sound11 made replay
// confirm it: UBSan's "left shift of 1 by 31 places cannot be represented").
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 31) return 0;
  int a = 1 << k;
  return a > 5;
}
