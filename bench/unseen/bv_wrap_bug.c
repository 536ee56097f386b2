// kappa-expect: verdict=false
// class: bitvector. unseen (lead, 2026-12-02): written before the session's builds were measured
// failing-input: 4294967295
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bv_wrap_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  unsigned int a = __VERIFIER_nondet_uint();
  unsigned int b = a + 1u;
  __VERIFIER_assert(b > a);
  return 0;
}
