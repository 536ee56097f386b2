// kappa-expect: verdict=false
// class: loop. fragtest without resetting i between the loops
// failing-input: 0 1 0 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fragtest_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int pvlen = __VERIFIER_nondet_int();
    int i = 0, k = 0, j, n;
    while (__VERIFIER_nondet_int() && i < 1000000) i = i + 1;
    if (i > pvlen) pvlen = i;
    while (__VERIFIER_nondet_int() && i < 1000000) {
        i = i + 1;
        k = k + 1;
    }
    n = i;
    j = 0;
    while (j < n) {
        __VERIFIER_assert(k > 0);
        k = k - 1;
        j = j + 1;
    }
    __VERIFIER_assert(k == 0);
    return 0;
}
