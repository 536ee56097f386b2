// kappa-expect: verdict=true
// class: array. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "arr_count_pos.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 10
int main(void) {
  int a[N], pos = 0, neg = 0;
  for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < N; i++) { if (a[i] > 0) pos++; else neg++; }
  __VERIFIER_assert(pos + neg == N);
  return 0;
}
