// GCC's checked arithmetic (`__builtin_*_overflow`): each flag is an ordinary branch, both of
// whose sides are reached; the returned code says which flags were set and the wrapped values'
// low bits, so that replay with gcc checks kappa's results against the compiler's builtins.
extern int __VERIFIER_nondet_int(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), r;
  int code = 0;
  if (__builtin_add_overflow(a, b, &r)) code |= 1 | (r & 0x30);
  unsigned long x = __VERIFIER_nondet_ulong(), y = __VERIFIER_nondet_ulong(), d;
  if (__builtin_sub_overflow(x, y, &d)) code |= 2 | (int)(d & 0x40);
  long long p;
  if (__builtin_mul_overflow(a, b, &p)) code |= 4; /* never: int * int fits long long */
  signed char c;
  if (__builtin_mul_overflow(a, 3, &c)) code |= 8 | (c & 0x80);
  return code;
}
