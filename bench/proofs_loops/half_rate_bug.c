// kappa-expect: verdict=false
// class: loop. half_rate counting to i <= 2m
// failing-input: 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "half_rate_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int m = __VERIFIER_nondet_int();
    __VERIFIER_assume(m >= -1000000 && m <= 1000000);
    int c = 0;
    for (int i = 0; i <= 2 * m; i++) {
        if (i % 2 == 0)
            c = c + 1;
    }
    __VERIFIER_assert(m < 0 || c == m);
    return 0;
}
