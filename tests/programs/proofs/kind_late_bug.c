// kappa-expect: verdict=false
// k-induction's base case: x grows by y, y by 1; from y = 1 the loop ends after 20 iterations
// with y = 21 (1 + 2 + ... + 20 = 210 >= 200). Compact mode's template for the loop makes
// queries with k * (k - 1) / 2 that the solver does not decide; the classic base case does.
// failing-input: 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_late_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int x = -200;
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(y > -1000 && y < 1000000);
    while (x < 0) {
        x = x + y;
        y = y + 1;
    }
    __VERIFIER_assert(y > 21);
    return 0;
}
