// kappa-expect: verdict=true
// the inner loop runs n times for each of the 4 outer iterations, so c == 4 * n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, j, c = 0;
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    for (i = 0; i < 4; i++) {
        for (j = 0; j < n; j++) {
            c++;
        }
    }
    __VERIFIER_assert(c == 4 * n);
    return 0;
}
