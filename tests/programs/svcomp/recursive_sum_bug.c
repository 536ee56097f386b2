// kappa-expect: verdict=false
// sum(100) == 5050 and n == 100 is allowed
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recursive_sum_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int sum(int n)
{
    if (n <= 0)
        return 0;
    return n + sum(n - 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100);
    __VERIFIER_assert(sum(n) != 5050);
    return 0;
}
