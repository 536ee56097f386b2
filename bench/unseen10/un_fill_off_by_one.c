// kappa-expect: verdict=false(unreach-call)
// unseen (audit10, 2026-12-04): i <= n runs one step too far when n is the array's length
// failing-input: 10
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int buf[10];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10) return 0;
  int last = 0, sum = 0;
  for (int i = 0; i <= n; i++) {
    if (i < 10) buf[i] = i;
    last = i;
  }
  for (int i = 0; i < 10; i++) sum += buf[i];
  __VERIFIER_assert(last < 10 || sum != 45);
  return 0;
}
