// kappa-expect: verdict=true
// class: loop. Gulavani-Jain 2007 (gj2007) with nondet bounds: y stays m while x < m, then moves with x: y == n at the end
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "gj_phase.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    int m = __VERIFIER_nondet_int();
    __VERIFIER_assume(m >= 0 && m <= n && n <= 1000000);
    int x = 0, y = m;
    while (x < n) {
        if (x < m) {
            x = x + 1;
        } else {
            x = x + 1;
            y = y + 1;
        }
    }
    __VERIFIER_assert(y == n);
    return 0;
}
