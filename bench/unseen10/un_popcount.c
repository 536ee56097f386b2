// kappa-expect: verdict=true
// unseen (audit10, 2026-12-04): Kernighan's bit count: at most 32, zero only for zero
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x;
  int c = 0;
  while (y) {
    y &= y - 1;
    c++;
  }
  __VERIFIER_assert(c <= 32);
  __VERIFIER_assert((x == 0) == (c == 0));
  return 0;
}
