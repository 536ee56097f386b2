// kappa-expect: verdict=false
// class: loop. sum_clamped asserting s < 10 * n
// failing-input: 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum_clamped_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100000);
    int s = 0, i = 0;
    while (i < n) {
        int v = __VERIFIER_nondet_int();
        if (v > 10)
            v = 10;
        if (v < 0)
            v = 0;
        s = s + v;
        i = i + 1;
    }
    __VERIFIER_assert(s >= 0 && s < 10 * n);
    return 0;
}
