// kappa-expect: verdict=false
// whatever a starts at (0..100) the loops leave a == 100, b == 300, c == 300, so c != 300 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sequence_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b, c = 0;
    __VERIFIER_assume(a >= 0 && a <= 100);
    while (a < 100) {
        a++;
    }
    b = a;
    while (b < 300) {
        b += 2;
    }
    while (c < b) {
        c += 3;
    }
    __VERIFIER_assert(c != 300);
    return 0;
}
