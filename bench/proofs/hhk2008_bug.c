// kappa-expect: verdict=false
// class: loop. hhk2008 with cnt >= 0: one increment too many
// failing-input: 0 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "hhk2008_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    __VERIFIER_assume(a >= -1000000 && a <= 1000000 && b >= 0 && b <= 1000000);
    int res = a, cnt = b;
    while (cnt >= 0) {
        cnt = cnt - 1;
        res = res + 1;
    }
    __VERIFIER_assert(res == a + b);
    return 0;
}
