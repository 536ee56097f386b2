// kappa-expect: verdict=false
// j == 2 * n at the end, so n == 500000 (500000 iterations) makes j == 1000000
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "counter_nondet_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0;
    int j = 0;
    __VERIFIER_assume(n >= 0 && n <= 2000000);
    while (i < n) {
        i++;
        j += 2;
    }
    __VERIFIER_assert(j != 1000000);
    return 0;
}
