// kappa-expect: verdict=false(unreach-call)
// unseen (audit10, 2026-12-04): 3 * x == 1 has a solution modulo 2^32 (x = 2863311531)
// failing-input: 2863311531
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int y = x * 3u;
  if (x > 1 && y == 1u)
    reach_error();
  return 0;
}
