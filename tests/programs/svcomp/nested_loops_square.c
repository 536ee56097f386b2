// kappa-expect: verdict=true
// the inner body runs n times for each of n outer iterations, so count == n * n (n <= 50, no overflow)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_loops_square.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, j, count = 0;
    __VERIFIER_assume(n >= 0 && n <= 50);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            count++;
    __VERIFIER_assert(count == n * n);
    return 0;
}
