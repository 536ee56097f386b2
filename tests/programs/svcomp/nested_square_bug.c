// kappa-expect: verdict=false
// count == n * n reaches 2500 when n == 50, after 2500 inner iterations
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_square_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, j, count = 0;
    __VERIFIER_assume(n >= 0 && n <= 100);
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            count++;
    __VERIFIER_assert(count != 2500);
    return 0;
}
