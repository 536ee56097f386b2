// kappa-expect: verdict=true
// class: array. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "arr_init_read.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 64
int main(void) {
  int a[N];
  for (int i = 0; i < N; i++) a[i] = 3 * i;
  int k = __VERIFIER_nondet_int();
  __VERIFIER_assume(k >= 0 && k < N);
  __VERIFIER_assert(a[k] == 3 * k);
  return 0;
}
