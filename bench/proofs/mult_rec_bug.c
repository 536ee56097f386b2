// kappa-expect: verdict=false
// class: recursion. mult_rec asserting the product is below 1000000 (1000 * 1000)
// failing-input: 1000 1000
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mult_rec_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int mult(int a, int b) {
    if (b == 0) return 0;
    return a + mult(a, b - 1);
}

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    __VERIFIER_assume(a >= 0 && a <= 1000 && b >= 0 && b <= 1000);
    int p = mult(a, b);
    __VERIFIER_assert(p >= 0 && (b == 0 || p >= a) && p < 1000000);
    return 0;
}
