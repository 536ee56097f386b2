// kappa-expect: property=unreach-call verdict=false(unreach-call)
// kappa-expect: property=no-overflow verdict=true
// GCC's checked arithmetic: the error is reached only where the exact product does not fit
// unsigned long (its flag is set and the stored value wrapped); the builtins are not undefined
// behaviour, so no-overflow holds.
extern void reach_error(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), s;
  long long p;
  if (__builtin_mul_overflow(a, b, &p)) reach_error(); /* int * int always fits long long */
  if (!__builtin_add_overflow(a, b, &s) && s != a + b) reach_error();
  unsigned long x = __VERIFIER_nondet_ulong(), r;
  if (x > 4 && __builtin_umull_overflow(x, 1UL << 62, &r)) {
    if (r == (x << 62)) reach_error();
  }
  return 0;
}
