// kappa-expect: verdict=true
// class: recursion. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "rec_gcd_divides.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int gcd(int a, int b) { if (b == 0) return a; return gcd(b, a % b); }
int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  __VERIFIER_assume(a >= 1 && a <= 60 && b >= 1 && b <= 60);
  int g = gcd(a, b);
  __VERIFIER_assert(g >= 1 && a % g == 0 && b % g == 0);
  return 0;
}
