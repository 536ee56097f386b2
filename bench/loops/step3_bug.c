// kappa-expect: verdict=false
// x runs through 1, 4, 7, ...; n == 30001 stops it at 30001 == 1 + 3 * 10000 and x != 30001 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "step3_bug.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int x = 1;
    __VERIFIER_assume(n <= 1000000u);
    while (x < n) {
        x += 3;
    }
    __VERIFIER_assert(x % 3u == 1u && x != 30001u);
    return 0;
}
