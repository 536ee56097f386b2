// kappa-expect: verdict=true
// lazy annotation: a sum of any subset of 0..19 stays <= 190 (x <= i(i-1)/2 is not linear: no k-induction candidate); 2^20 paths, the labels at the loop head cover all but one per iteration
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lazy_subset_sum.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int x = 0;
    for (int i = 0; i < 20; i++) {
        if (__VERIFIER_nondet_int()) x = x + i;
    }
    __VERIFIER_assert(x <= 190);
    return 0;
}
