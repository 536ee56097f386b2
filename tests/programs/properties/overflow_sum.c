// kappa-expect: property=no-overflow verdict=false(no-overflow)
// the sum of two bounded inputs overflows int when both are large
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || b < 0) return 0;
  int s = a + b;
  return s > 10;
}
