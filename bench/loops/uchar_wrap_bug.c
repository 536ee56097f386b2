// kappa-expect: verdict=false
// c == 1 needs 255 increments to wrap to 0, so k == 255 and k < 255 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "uchar_wrap_bug.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned char c = __VERIFIER_nondet_uchar();
    int k = 0;
    while (c != 0) {
        c++;
        k++;
    }
    __VERIFIER_assert(k < 255);
    return 0;
}
