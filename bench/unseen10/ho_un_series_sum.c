// kappa-expect: verdict=true
// held-out (audit10, 2026-12-04): Gauss's sum up to n <= 1000, checked after the loop
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int i = 0, s = 0;
  while (i < n) {
    i++;
    s += i;
  }
  __VERIFIER_assert(2 * s == n * (n + 1));
  return 0;
}
