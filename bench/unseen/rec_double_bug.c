// kappa-expect: verdict=false
// class: recursion. unseen (lead, 2026-12-02): written before the session's builds were measured
// failing-input: 7
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "rec_double_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int dbl(int n) { if (n <= 0) return 0; if (n == 7) return dbl(n - 1) + 3; return dbl(n - 1) + 2; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 30);
  __VERIFIER_assert(dbl(n) == 2 * n);
  return 0;
}
