// kappa-expect: verdict=false
// class: loop. nondet_step asserting i < n + 9: a last step of 10 from n - 1
// held-out
// failing-input: 1 10
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nondet_step_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int i = 0, c = 0;
    while (i < n) {
        int s = __VERIFIER_nondet_int();
        __VERIFIER_assume(s >= 1 && s <= 10);
        i = i + s;
        c = c + 1;
    }
    __VERIFIER_assert(c <= i && i < n + 9);
    return 0;
}
