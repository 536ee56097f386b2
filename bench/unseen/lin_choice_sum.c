// kappa-expect: verdict=true
// class: loop. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lin_choice_sum.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int x = 0, y = 0, k = 0;
  while (__VERIFIER_nondet_int() && k < 50000) {
    if (__VERIFIER_nondet_int()) { x = x + 1; y = y + 2; } else { x = x + 2; y = y + 4; }
    k = k + 1;
  }
  __VERIFIER_assert(y == 2 * x);
  return 0;
}
