// kappa-expect: verdict=false
// class: loop. large_const asserting k > 2000 * n - j (the bound reached when every step is 2000)
// failing-input: 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "large_const_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10000);
    int i = 0, k = 0;
    while (i < n) {
        int c = __VERIFIER_nondet_int();
        if (c == 1)
            k = k + 4000;
        else if (c == 2)
            k = k + 10000;
        else
            k = k + 2000;
        i = i + 1;
    }
    int j = 0;
    while (j < n) {
        __VERIFIER_assert(k > 2000 * n - j);
        j = j + 1;
        k = k - 1;
    }
    return 0;
}
