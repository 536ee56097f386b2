// kappa-expect: verdict=true
// class: loop. two counters in lock step under branches: y moves by twice x's step on either branch (y == 2x), x by 1 or 2 per iteration (t <= x <= 2t)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lockstep_ratio.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100000);
    int x = 0, y = 0, t = 0;
    while (t < n) {
        if (__VERIFIER_nondet_int()) {
            x = x + 1;
            y = y + 2;
        } else {
            x = x + 2;
            y = y + 4;
        }
        t = t + 1;
    }
    __VERIFIER_assert(y == 2 * x && x >= n && x <= 2 * n);
    return 0;
}
