// kappa-expect: verdict=true
// i counts from 0 up to n in steps of 1, so after the loop i == n whenever n >= 0 (and i == 0 otherwise)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count_up_to_bound.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0;
    while (i < n) {
        i++;
    }
    if (n >= 0)
        __VERIFIER_assert(i == n);
    else
        __VERIFIER_assert(i == 0);
    return 0;
}
