// kappa-expect: verdict=true
// even i increments a, odd i increments b: after n iterations a == ceil(n/2), b == floor(n/2)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "branch_body_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, a = 0, b = 0;
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    while (i < n) {
        if (i % 2 == 0)
            a++;
        else
            b++;
        i++;
    }
    __VERIFIER_assert(a + b == n);
    __VERIFIER_assert(a == b || a == b + 1);
    return 0;
}
