// kappa-expect: verdict=false
// class: loop. last_index asserting m + 1 < n
// failing-input: 1
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "last_index_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n <= 1000000);
    int x = 0, m = 0;
    while (x < n) {
        if (__VERIFIER_nondet_int())
            m = x;
        x = x + 1;
    }
    __VERIFIER_assert((m >= 0 || n <= 0) && (m + 1 < n || n <= 0));
    return 0;
}
