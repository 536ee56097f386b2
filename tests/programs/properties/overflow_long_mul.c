// kappa-expect: property=no-overflow verdict=false(no-overflow)
// a product of two long long inputs overflows 64 bits
extern long long __VERIFIER_nondet_longlong(void);
int main(void) {
  long long a = __VERIFIER_nondet_longlong();
  long long b = __VERIFIER_nondet_longlong();
  if (a < 1000000000LL || b < 1000000000LL) return 0;
  long long p = a * b;
  return p == 42;
}
