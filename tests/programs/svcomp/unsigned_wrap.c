// kappa-expect: verdict=false
// x + 1 wraps to 0 when x == UINT_MAX, so x + 1 > x is not always true for unsigned int
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "unsigned_wrap.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned long long y = __VERIFIER_nondet_ulonglong();
    unsigned short z = (unsigned short)x;
    __VERIFIER_assert(z + 1 > z);          /* promoted to int: holds */
    __VERIFIER_assert((y >> 32) <= 0xFFFFFFFFULL);
    __VERIFIER_assert(x + 1 > x);          /* fails for x == 4294967295 */
    return 0;
}
