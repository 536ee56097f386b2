// kappa-expect: verdict=true
// held-out (audit10, 2026-12-04): a switch with fall-through on x & 3 (negative x too), four calls in a loop
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int classify(int x) {
  int r = 0;
  switch (x & 3) {
  case 0:
    r += 1;
  case 1:
    r += 2;
    break;
  case 2:
    r += 4;
  default:
    r += 8;
  }
  return r;
}
int main(void) {
  int total = 0;
  for (int i = 0; i < 4; i++) {
    int r = classify(__VERIFIER_nondet_int());
    __VERIFIER_assert(r == 3 || r == 2 || r == 12 || r == 8);
    total += r;
  }
  __VERIFIER_assert(total >= 8 && total <= 48);
  return 0;
}
