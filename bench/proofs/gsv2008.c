// kappa-expect: verdict=true
// class: loop. Gulwani-Srivastava-Venkatesan 2008: x climbs by a growing y; y > 0 at exit (invariant x < 0 || y > 0)
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
    __VERIFIER_assert(y > 0);
    return 0;
}
