// kappa-expect: verdict=true
// class: control. unseen (lead, 2026-12-02): written before the session's builds were measured
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fsm_protocol.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
int main(void) {
  int st = 0, opened = 0, k = 0;
  while (k < 100000 && __VERIFIER_nondet_int()) {
    int ev = __VERIFIER_nondet_int();
    if (st == 0 && ev == 1) { st = 1; opened++; }
    else if (st == 1 && ev == 2) { st = 2; }
    else if (st == 2 && ev == 3) { st = 0; opened--; }
    else if (st == 1 && ev == 3) { st = 0; opened--; }
    __VERIFIER_assert(opened == (st != 0));
    k++;
  }
  return 0;
}
