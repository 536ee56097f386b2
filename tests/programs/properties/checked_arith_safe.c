// kappa-expect: property=unreach-call verdict=true
// kappa-expect: property=no-overflow verdict=true
// GCC's checked arithmetic with mixed signedness and widths: every flag agrees with the exact
// result's range, and an overflowing builtin is not an overflow of the no-overflow property.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern long __VERIFIER_nondet_long(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  unsigned u = __VERIFIER_nondet_uint();
  long l = __VERIFIER_nondet_long();
  int r;
  if (__builtin_add_overflow(a, 1, &r) != (a == 2147483647)) reach_error();
  unsigned ur;
  if (__builtin_sub_overflow(0, u, &ur) != (u != 0)) reach_error();
  long lr;
  if (__builtin_sub_overflow(l, u, &lr) != (l < (-9223372036854775807L - 1) + (long)u)) reach_error();
  unsigned long ul;
  if (__builtin_add_overflow(a, l, &ul) != (l < -(long)a)) reach_error();
  if (__builtin_mul_overflow_p(u, u, (unsigned long)0)) reach_error();
  long long llr;
  if (__builtin_saddll_overflow(l, 0, &llr) || llr != l) reach_error();
  return 0;
}
