// kappa-expect: verdict=false(unreach-call)
// held-out (audit10, 2026-12-04): unsigned char 255: as signed char -1, +1 wraps to 0 when stored, 256 as int
// failing-input: 255
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  signed char s = (signed char)c;
  unsigned char d = c + 1;
  int hits = 0;
  if (s == -1) hits++;
  if (d == 0) hits++;
  if (c + 1 == 256) hits++;
  if (hits == 3)
    reach_error();
  return 0;
}
