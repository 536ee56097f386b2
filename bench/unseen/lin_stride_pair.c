// kappa-expect: verdict=true
// class: loop. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lin_stride_pair.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 0 && n <= 100000);
  int x = 0, y = 0, i = 0;
  while (i < n) { x = x + 3; y = y + 1; i = i + 1; }
  __VERIFIER_assert(x == 3 * y);
  __VERIFIER_assert(y == n);
  return 0;
}
