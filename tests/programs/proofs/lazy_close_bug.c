// kappa-expect: verdict=false
// lazy annotation mutant: a step of 3 makes n odd after one iteration
// failing-input: 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lazy_close_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }


int main(void) {
    int x = 0;
    for (int i = 0; i < 20; i++) {
        if (__VERIFIER_nondet_int()) x = x + i;
    }
    __VERIFIER_assert(x <= 190);
    int n = 0;
    while (__VERIFIER_nondet_int()) {
        if (n < 1000) n = n + 3;
    }
    __VERIFIER_assert(n % 2 == 0);
    return 0;
}
