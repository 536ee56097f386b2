// kappa-expect: verdict=false
// count == n*(n-1)/2, which equals 45 for n == 10 (allowed: n <= 20)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_loops_triangle.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, j, count = 0;
    if (n < 0 || n > 20)
        return 0;
    for (i = 0; i < n; i++)
        for (j = 0; j < i; j++)
            count++;
    __VERIFIER_assert(2 * count == n * (n - 1));
    __VERIFIER_assert(count != 45);
    return 0;
}
