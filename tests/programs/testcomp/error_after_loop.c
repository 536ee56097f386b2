// Test-Comp: reach_error() is called only when the input sequence sums to 12 after at most
// five steps (a coverage-error-call goal).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "error_after_loop.c", 5, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned s = 0;
  for (int i = 0; i < 3; i++) {
    unsigned v = __VERIFIER_nondet_uint();
    if (v > 5) return 0;
    s += v;
  }
  if (s == 12) reach_error();
  return 0;
}
