// kappa-expect: verdict=true
// class: loop. three phases round robin, a then b then c: a >= b >= c >= a - 1, only k-inductive for k > 1
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "three_phase.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int phase = 0, a = 0, b = 0, c = 0;
    while (__VERIFIER_nondet_int() && a < 1000000) {
        if (phase == 0) { a = a + 1; phase = 1; }
        else if (phase == 1) { b = b + 1; phase = 2; }
        else { c = c + 1; phase = 0; }
        __VERIFIER_assert(a >= b && b >= c && a - c <= 1);
    }
    return 0;
}
