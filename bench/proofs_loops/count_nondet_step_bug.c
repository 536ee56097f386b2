// kappa-expect: verdict=false
// class: loop. count_nondet_step asserting k < n
// failing-input: 1 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count_nondet_step_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int i = 0, k = 0;
    while (i < n) {
        int s = __VERIFIER_nondet_int();
        __VERIFIER_assume(s >= 1 && s <= 1000000);
        i = i + s;
        k = k + 1;
    }
    __VERIFIER_assert(k < n);
    return 0;
}
