// kappa-expect: verdict=false
// class: loop. unseen (lead, 2026-12-02): written before the session's builds were measured
// failing-input: 3
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "up_down_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 20000);
  int x = 0;
  for (int i = 0; i < n; i++) x = x + 1;
  for (int i = 1; i < n; i++) x = x - 1;
  __VERIFIER_assert(x == 0 || n == 0);
  return 0;
}
