// kappa-expect: verdict=true
// pos is incremented at most once per iteration, so pos <= i <= n holds for every input sequence
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "input_each_iter_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, pos = 0;
    __VERIFIER_assume(n >= 0 && n <= 1000);
    while (i < n) {
        int v = __VERIFIER_nondet_int();
        if (v > 0)
            pos++;
        i++;
    }
    __VERIFIER_assert(pos <= n);
    return 0;
}
