// kappa-expect: verdict=true
// x == 3 * y is invariant and the loop stops at the first multiple of 3 that is >= n, so n <= x < n + 3
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "step3_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int x = 0, y = 0;
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    while (x < n) {
        x += 3;
        y++;
    }
    __VERIFIER_assert(x == 3 * y);
    __VERIFIER_assert(x >= n && x < n + 3);
    return 0;
}
