// kappa-expect: verdict=true
// for 1 <= a, b <= 200 the Euclidean gcd g is positive and divides both a and b
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recursive_gcd.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

unsigned int gcd(unsigned int a, unsigned int b)
{
    if (b == 0)
        return a;
    return gcd(b, a % b);
}

int main(void)
{
    unsigned int a = __VERIFIER_nondet_uint();
    unsigned int b = __VERIFIER_nondet_uint();
    unsigned int g;
    __VERIFIER_assume(a >= 1 && a <= 200);
    __VERIFIER_assume(b >= 1 && b <= 200);
    g = gcd(a, b);
    __VERIFIER_assert(g >= 1);
    __VERIFIER_assert(a % g == 0 && b % g == 0);
    return 0;
}
