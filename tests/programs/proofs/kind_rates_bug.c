// kappa-expect: verdict=false
// bug twin of kind_rates.c: k >= 4 * n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_rates_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10000);
    int i = 0, k = 0;
    while (i < n) {
        if (__VERIFIER_nondet_int())
            k = k + 3;
        else
            k = k + 5;
        i = i + 1;
    }
    __VERIFIER_assert(k >= 4 * n && k <= 5 * n);
    return 0;
}
