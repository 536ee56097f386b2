// kappa-expect: verdict=false
// class: array. unseen (lead, 2026-12-02): written before the session's builds were measured
// failing-input: 0 0 0 0 0 0 0 5
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "arr_copy_partial_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 8
int main(void) {
  int a[N], b[N];
  for (int i = 0; i < N; i++) { a[i] = __VERIFIER_nondet_int(); b[i] = 0; }
  for (int i = 0; i < N - 1; i++) b[i] = a[i];
  for (int i = 0; i < N; i++) __VERIFIER_assert(b[i] == a[i]);
  return 0;
}
