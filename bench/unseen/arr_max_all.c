// kappa-expect: verdict=true
// class: array. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "arr_max_all.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 6
int main(void) {
  int a[N];
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  int m = a[0];
  for (int i = 1; i < N; i++) if (a[i] > m) m = a[i];
  for (int i = 0; i < N; i++) __VERIFIER_assert(a[i] <= m);
  return 0;
}
