// kappa-expect: verdict=true
// class: loop. two phases in turn, a then b: a - b is 0 or 1, only 2-inductive (no phase relation in the pool)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "alternate.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int phase = 0, a = 0, b = 0;
    while (__VERIFIER_nondet_int() && a < 1000000) {
        if (phase == 0) { a = a + 1; phase = 1; }
        else { b = b + 1; phase = 0; }
        __VERIFIER_assert(a - b <= 1 && a >= b);
    }
    return 0;
}
