// kappa-expect: verdict=false
// class: recursion. unseen (lead, 2026-12-02): written before the session's builds were measured
// failing-input: 3 11
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "rec_power_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int pw(int b, int e) { if (e == 0) return 1; return b * pw(b, e - 1); }
int main(void) {
  int b = __VERIFIER_nondet_int(), e = __VERIFIER_nondet_int();
  __VERIFIER_assume(b >= 0 && b <= 3 && e >= 0 && e <= 12);
  __VERIFIER_assert(pw(b, e) < 100000);
  return 0;
}
