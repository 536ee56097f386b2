// kappa-expect: verdict=true
// every assertion follows from the range of the nondet value's type and the integer promotions (e.g. an unsigned char plus 1 is computed in int and cannot wrap)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nondet_all_types.c", 3, "reach_error"); }
typedef unsigned int u32;
#include <stddef.h>
extern _Bool __VERIFIER_nondet_bool(void);
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned short __VERIFIER_nondet_ushort(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern unsigned __VERIFIER_nondet_unsigned(void);
extern long __VERIFIER_nondet_long(void);
extern unsigned long __VERIFIER_nondet_ulong(void);
extern long long __VERIFIER_nondet_longlong(void);
extern unsigned long long __VERIFIER_nondet_ulonglong(void);
extern size_t __VERIFIER_nondet_size_t(void);
extern u32 __VERIFIER_nondet_u32(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    _Bool b = __VERIFIER_nondet_bool();
    char c = __VERIFIER_nondet_char();
    unsigned char uc = __VERIFIER_nondet_uchar();
    short s = __VERIFIER_nondet_short();
    unsigned short us = __VERIFIER_nondet_ushort();
    int i = __VERIFIER_nondet_int();
    unsigned int ui = __VERIFIER_nondet_uint();
    unsigned un = __VERIFIER_nondet_unsigned();
    long l = __VERIFIER_nondet_long();
    unsigned long ul = __VERIFIER_nondet_ulong();
    long long ll = __VERIFIER_nondet_longlong();
    unsigned long long ull = __VERIFIER_nondet_ulonglong();
    size_t sz = __VERIFIER_nondet_size_t();
    u32 w = __VERIFIER_nondet_u32();

    __VERIFIER_assert(b == 0 || b == 1);
    __VERIFIER_assert(c >= -128 && c <= 127); /* char is signed */
    __VERIFIER_assert(uc <= 255 && uc + 1 > uc);
    __VERIFIER_assert(s >= -32768 && s <= 32767 && s * s >= 0);
    __VERIFIER_assert(us <= 65535 && us + us >= us);
    __VERIFIER_assert(((i & 1) != 0) == (i % 2 != 0));
    __VERIFIER_assert(ui / 2 <= ui && ui % 10 < 10);
    __VERIFIER_assert((un >> 31) <= 1);
    __VERIFIER_assert(l / 2 * 2 == l || l / 2 * 2 + 1 == l || l / 2 * 2 - 1 == l);
    __VERIFIER_assert(ul == 0 || (ul >> 1) < ul);
    __VERIFIER_assert(ll / 3 * 3 + ll % 3 == ll);
    __VERIFIER_assert((ull & 1) + (ull ^ (ull & 1)) == ull);
    __VERIFIER_assert(sz + 1 != 0 || sz == (size_t)-1);
    __VERIFIER_assert((unsigned long long)w <= 4294967295ULL);
    __VERIFIER_assert((long long)(unsigned char)c >= 0 && (long long)(unsigned char)c <= 255);
    return 0;
}
