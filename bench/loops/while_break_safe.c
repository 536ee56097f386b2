// kappa-expect: verdict=true
// the loop breaks exactly when i reaches n (n >= 0), so i == n after it
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "while_break_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0;
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    while (1) {
        if (i >= n)
            break;
        i++;
    }
    __VERIFIER_assert(i == n);
    return 0;
}
