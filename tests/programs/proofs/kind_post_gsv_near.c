// kappa-expect: verdict=false
// near miss of bench/proofs/gsv2008.c: y is at least 2 after the loop, not always above 1000 (y = 1 at the start: y = 11 at the exit)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "gsv2008.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int x = -50;
    int y = __VERIFIER_nondet_int();
    __VERIFIER_assume(y > -1000 && y < 1000000);
    while (x < 0) {
        x = x + y;
        y = y + 1;
    }
    __VERIFIER_assert(y > 1000);
    return 0;
}
