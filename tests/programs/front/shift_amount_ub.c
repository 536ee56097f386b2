// kappa-expect: property=unreach-call verdict=true
// kappa-expect-ub: shift_amount 15:7
// A shift by the width or more is undefined (C11 6.5.7p3): kappa's value would be 0, x86 takes
// the amount modulo 32 and gives 256 here. So it is undefined behaviour (`shift_amount`, sound11):
// with --ub stop the path ends at the shift; by default (`--ub report`) the answer is `unknown
// (undefined behaviour: shift_amount …)`, never the `true` that kappa's 0 gave before.
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 40) return 0;
  unsigned v = 1u;
  unsigned w;
  w = v << k;
  if (k >= 32 && w != 0) reach_error();
  return w > 5;
}
