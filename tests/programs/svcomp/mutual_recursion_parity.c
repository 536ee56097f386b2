// kappa-expect: verdict=false
// is_even is off by one for its base case (returns 0 for n == 0), so is_even(n) == is_odd(n) for every n >= 0 and the assertion fails, e.g. for n == 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mutual_recursion_parity.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int is_odd(int n);

int is_even(int n)
{
    if (n == 0)
        return 0;
    return is_odd(n - 1);
}

int is_odd(int n)
{
    if (n == 0)
        return 0;
    return is_even(n - 1);
}

int main(void)
{
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 30)
        return 0;
    __VERIFIER_assert(is_even(n) != is_odd(n));
    return 0;
}
