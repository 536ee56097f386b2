// kappa-expect: verdict=true
// depth(n) counts the recursive calls down to 0: depth(n) == n for 0 <= n <= 10^6
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recursive_depth.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int depth(int n)
{
    if (n <= 0)
        return 0;
    return depth(n - 1) + 1;
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    __VERIFIER_assert(depth(n) == n);
    return 0;
}
