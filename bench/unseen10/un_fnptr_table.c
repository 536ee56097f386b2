// kappa-expect: verdict=false(unreach-call)
// unseen (audit10, 2026-12-04): a table of function pointers; the product 91 with a > b > 1 is 13 * 7
// failing-input: 2 13 7
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int h_add(int a, int b) { return a + b; }
int h_sub(int a, int b) { return a - b; }
int h_mul(int a, int b) { return a * b; }
int (*ops[3])(int, int) = {h_add, h_sub, h_mul};
int main(void) {
  int op = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (op < 0 || op > 2 || a < -100 || a > 100 || b < -100 || b > 100) return 0;
  int r = ops[op](a, b);
  if (op == 2 && r == 91 && a > b && b > 1)
    reach_error();
  return 0;
}
