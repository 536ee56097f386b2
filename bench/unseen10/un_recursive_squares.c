// kappa-expect: verdict=true
// unseen (audit10, 2026-12-04): the sum of the first n odd numbers, by recursion, is n * n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int f(int n) {
  if (n <= 0) return 0;
  return f(n - 1) + 2 * n - 1;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 30) return 0;
  __VERIFIER_assert(f(n) == n * n);
  return 0;
}
