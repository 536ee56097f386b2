// kappa-expect: verdict=false
// fib(10) == 55 and n == 10 satisfies the bound n <= 15, so the assertion fib(n) != 55 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recursive_fibonacci.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int fibonacci(int n)
{
    if (n < 1)
        return 0;
    else if (n == 1)
        return 1;
    else
        return fibonacci(n - 1) + fibonacci(n - 2);
}

int main(void)
{
    int x = __VERIFIER_nondet_int();
    int result;
    if (x > 15 || x < 0)
        return 0;
    result = fibonacci(x);
    __VERIFIER_assert(result >= x - 1);
    __VERIFIER_assert(result != 55);
    return 0;
}
