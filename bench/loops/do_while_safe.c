// kappa-expect: verdict=true
// the body runs at least once: n <= 1 leaves i == 1, otherwise i stops at n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "do_while_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0;
    __VERIFIER_assume(n <= 1000000);
    do {
        i++;
    } while (i < n);
    __VERIFIER_assert(i >= 1);
    __VERIFIER_assert(i == 1 || i == n);
    return 0;
}
