// kappa-expect: verdict=false
// lazy annotation mutant: the sum of all of 0..19 is 190 > 189
// failing-input: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lazy_close_frame_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }


int main(void) {
    int x = 0;
    for (int i = 0; i < 20; i++) {
        if (__VERIFIER_nondet_int()) x = x + i;
    }
    int n = 0;
    while (__VERIFIER_nondet_int()) {
        if (n < 1000) n = n + 2;
    }
    __VERIFIER_assert(x <= 189 && n % 2 == 0);
    return 0;
}
