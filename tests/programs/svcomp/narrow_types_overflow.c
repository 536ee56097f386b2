// kappa-expect: verdict=false
// s + s is computed in int and then narrowed to short: for s >= 16384 the result wraps to a negative value, so the error is reachable
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "narrow_types_overflow.c", 3, "reach_error"); }
extern short __VERIFIER_nondet_short(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern char __VERIFIER_nondet_char(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned char a = __VERIFIER_nondet_uchar();
    char b = __VERIFIER_nondet_char();
    short s = __VERIFIER_nondet_short();
    short t;
    __VERIFIER_assume(s > 0);
    /* promoted: no wrap-around here */
    __VERIFIER_assert(a + a >= a);
    /* a char equals the unsigned char only for values below 128 */
    if (a == (unsigned char)b)
        __VERIFIER_assert(a < 128 || b < 0);
    t = (short)(s + s);
    __VERIFIER_assert(t > 0);
    return 0;
}
