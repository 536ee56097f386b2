// kappa-expect: verdict=true
// unseen (audit10, 2026-12-04): the i-- > 0 idiom on unsigned never sees i = n nor wraps
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 100) return 0;
  unsigned int cnt = 0;
  for (unsigned int i = n; i-- > 0;) {
    __VERIFIER_assert(i < n);
    cnt++;
  }
  __VERIFIER_assert(cnt == n);
  return 0;
}
