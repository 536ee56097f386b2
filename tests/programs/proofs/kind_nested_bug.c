// kappa-expect: verdict=false
// k-induction: nested loops, the inner index stays within [i, n) (bug: asserted within [i, n - 1))
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 1 && n <= 1000);
    int i = 0;
    while (i < n) {
        int j = i;
        while (j < n) {
            __VERIFIER_assert(0 <= j && j < n - 1);
            if (__VERIFIER_nondet_int())
                break;
            j = j + 1;
        }
        i = i + 1;
    }
    return 0;
}
