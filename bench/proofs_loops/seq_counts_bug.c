// kappa-expect: verdict=false
// class: loop. seq_counts asserting k > 1
// failing-input: 1 0
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "seq_counts_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n0 = __VERIFIER_nondet_int();
    int n1 = __VERIFIER_nondet_int();
    __VERIFIER_assume(n0 >= 0 && n0 <= 100000 && n1 >= 0 && n1 <= 100000);
    int k = 0, i0 = 0, i1 = 0;
    while (i0 < n0) {
        i0 = i0 + 1;
        k = k + 1;
    }
    while (i1 < n1) {
        i1 = i1 + 1;
        k = k + 1;
    }
    int j = 0;
    while (j < n0 + n1) {
        __VERIFIER_assert(k > 1);
        j = j + 1;
        k = k - 1;
    }
    return 0;
}
