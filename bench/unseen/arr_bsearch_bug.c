// kappa-expect: verdict=false
// class: array. unseen (lead, 2026-12-02): written before the session's builds were measured
// failing-input: 14
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "arr_bsearch_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
#define N 8
int main(void) {
  int a[N];
  for (int i = 0; i < N; i++) a[i] = 2 * i;
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x >= 0 && x < 2 * N && x % 2 == 0);
  int lo = 0, hi = N - 2, found = 0;
  while (lo < hi) {
    int mid = (lo + hi) / 2;
    if (a[mid] == x) { found = 1; break; }
    if (a[mid] < x) lo = mid + 1; else hi = mid - 1;
  }
  if (!found && lo == hi && a[lo] == x) found = 1;
  __VERIFIER_assert(found);
  return 0;
}
