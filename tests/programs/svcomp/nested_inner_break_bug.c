// kappa-expect: verdict=false
// the inner loop stops early on an input; with the early stop the sum is less than k * n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_inner_break_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, j, s = 0;
    __VERIFIER_assume(n >= 1 && n <= 3);
    for (i = 0; i < 3; i++) {
        for (j = 0; j < n; j++) {
            if (__VERIFIER_nondet_int() == 7)
                break;
            s++;
        }
    }
    __VERIFIER_assert(s == 3 * n);
    return 0;
}
