// kappa-expect: verdict=false
// 1000 inputs each in 0..3 summed: all inputs 3 give s == 3000 and s < 3000 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "input_sum_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int i, s = 0;
    for (i = 0; i < 1000; i++) {
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v <= 3);
        s += v;
    }
    __VERIFIER_assert(s < 3000);
    return 0;
}
