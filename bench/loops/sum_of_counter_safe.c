// kappa-expect: verdict=true
// s sums 0..n-1, so 2s == n(n-1) (n <= 60000: no overflow)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum_of_counter_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, s = 0;
    __VERIFIER_assume(n >= 0 && n <= 60000);
    for (i = 0; i < n; i++)
        s += i;
    __VERIFIER_assert(2 * s == n * (n - 1));
    return 0;
}
