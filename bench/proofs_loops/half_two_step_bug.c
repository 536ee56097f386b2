// kappa-expect: verdict=false
// class: loop. half_two_step asserting k > 1
// failing-input: 2
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "half_two_step_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int k = n, i = 0;
    while (i < n) {
        k = k - 1;
        i = i + 2;
    }
    int j = 0;
    while (j < n / 2) {
        __VERIFIER_assert(k > 1);
        k = k - 1;
        j = j + 1;
    }
    return 0;
}
