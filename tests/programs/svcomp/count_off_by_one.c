// kappa-expect: verdict=false
// the loop runs while i <= n, so for n == 100 (allowed by the assumption) i ends at 101 and the assertion i <= 100 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count_off_by_one.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int i = 0;
    unsigned int sum = 0;
    __VERIFIER_assume(n <= 100);
    while (i <= n) {
        sum += i;
        i++;
    }
    __VERIFIER_assert(sum == n * (n + 1) / 2);
    __VERIFIER_assert(i <= 100);
    return 0;
}
