// kappa-expect: verdict=true
// x stays even and stops at the first even value >= n, i.e. n or n + 1; n < 2^31 - 1 so x never wraps
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "step2_parity_safe.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int x = 0;
    __VERIFIER_assume(n < 0x7fffffffu);
    while (x < n) {
        x += 2;
    }
    __VERIFIER_assert(x % 2u == 0u);
    __VERIFIER_assert(x - n <= 1u);
    return 0;
}
