// kappa-expect: verdict=true
// class: bitvector. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bv_popcount.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  x = x & 0xffffu;
  unsigned int c = 0, y = x;
  while (y) { c += y & 1u; y >>= 1; }
  unsigned int v = x - ((x >> 1) & 0x5555u);
  v = (v & 0x3333u) + ((v >> 2) & 0x3333u);
  v = (v + (v >> 4)) & 0x0f0fu;
  v = (v + (v >> 8)) & 0x1fu;
  __VERIFIER_assert(c == v);
  return 0;
}
