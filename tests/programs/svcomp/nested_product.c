// kappa-expect: verdict=true
// the inner loop adds m to c on each of the n outer iterations: c == n * m (up to 10^6 iterations)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_product.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    int i, j, c = 0;
    __VERIFIER_assume(n >= 0 && n <= 1000 && m >= 0 && m <= 1000);
    for (i = 0; i < n; i++)
        for (j = 0; j < m; j++)
            c++;
    __VERIFIER_assert(c == n * m);
    return 0;
}
