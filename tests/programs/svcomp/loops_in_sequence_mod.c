// kappa-expect: verdict=false
// x = 2n, then x is reduced modulo 3; for n == 2 (2n == 4) the remainder is 1 and the assertion x != 1 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "loops_in_sequence_mod.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int n = __VERIFIER_nondet_uint();
    unsigned int x = 0, i;
    __VERIFIER_assume(n <= 100);
    for (i = 0; i < n; i++)
        x += 2;
    while (x >= 3)
        x -= 3;
    __VERIFIER_assert(x < 3);
    __VERIFIER_assert(x != 1);
    return 0;
}
