// kappa-expect: verdict=false(unreach-call)
// held-out (audit10, 2026-12-04): the error needs the 549th iteration (7 * 549 is a multiple of 61 past 500)
// failing-input: 549
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  unsigned int x = 0;
  int k = __VERIFIER_nondet_int();
  int steps = 0;
  while (steps < 1000) {
    x += 7;
    steps++;
    if (x % 61 == 0 && steps > 500 && k == steps)
      reach_error();
  }
  return 0;
}
