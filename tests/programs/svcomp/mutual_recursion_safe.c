// kappa-expect: verdict=true
// f(n) and g(n) compute n mod 2 and 1 - n mod 2 for 0 <= n <= 40, so they always differ and sum to 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mutual_recursion_safe.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int g(int n);

int f(int n)
{
    if (n == 0)
        return 0;
    return g(n - 1);
}

int g(int n)
{
    if (n == 0)
        return 1;
    return f(n - 1);
}

int main(void)
{
    unsigned char c = __VERIFIER_nondet_uchar();
    int n = c % 41;
    __VERIFIER_assert(f(n) + g(n) == 1);
    __VERIFIER_assert(f(n) == n % 2);
    return 0;
}
