// kappa-expect: verdict=false
// class: loop. toggle_sum whose toggle sticks at 1: s goes 3, 0, -3
// failing-input: 3
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "toggle_sum_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= n && n <= 100000);
    int x = 0, s = 0, i = 0;
    while (i < n) {
        if (x == 0) { s = s + 3; x = 1; }
        else { s = s - 3; x = 1; }
        i = i + 1;
        __VERIFIER_assert(s == 0 || s == 3);
    }
    return 0;
}
