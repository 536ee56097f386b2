#include <stdio.h>
#include <stdbool.h>

/* Conversion to _Bool yields 0 or 1: any non-zero value (even one whose
   low bits are all zero) becomes 1. */

static bool has_flag(unsigned int flags, unsigned int bit)
{
    return flags & bit; /* converted to 0/1 */
}

static int count_true(const bool *b, int n)
{
    int i, c = 0;
    for (i = 0; i < n; i++)
        c += b[i];
    return c;
}

int main(void)
{
    _Bool b1 = (_Bool)256;
    _Bool b2 = (_Bool)-1;
    _Bool b3 = (_Bool)(char)256;
    _Bool b4 = (_Bool)0x100000000LL;
    int i4 = (int)0x100000000LL;
    unsigned char uc4 = (unsigned char)256;
    bool flags[8];
    int x = 42;
    int *p = &x, *np = 0;
    bool bp = p, bnp = np;
    bool sum = 2;
    int i;

    printf("(_Bool)256=%d (_Bool)-1=%d (_Bool)(char)256=%d\n", b1, b2, b3);
    printf("(_Bool)0x100000000=%d but (int)0x100000000=%d (unsigned char)256=%d\n", b4, i4, uc4);
    printf("(_Bool)256 == 1: %d\n", (_Bool)256 == 1);
    printf("ptr->bool: %d %d\n", bp, bnp);
    printf("sum=%d sum+sum=%d\n", sum, sum + sum);
    sum = sum + sum; /* 2 -> true */
    printf("sum after=%d\n", sum);
    printf("!!x=%d !x=%d !!0=%d\n", !!x, !x, !!0);
    for (i = 0; i < 8; i++)
        flags[i] = has_flag(0xA5u, 1u << i);
    printf("flags:");
    for (i = 0; i < 8; i++)
        printf(" %d", flags[i]);
    printf(" count=%d\n", count_true(flags, 8));
    printf("has_flag(0x80000000,0x80000000)=%d\n", has_flag(0x80000000u, 0x80000000u));
    printf("true+true=%d true==1: %d sizeof(bool)=%d\n", true + true, true == 1, (int)sizeof(bool));
    {
        bool t = 5, f = 0;
        printf("t&&f=%d t||f=%d t^1=%d ~t=%d -t=%d t<<3=%d\n", t && f, t || f, t ^ 1, ~t, -t, t << 3);
        f = 10 > 3;
        t = x - 42;
        printf("f=%d t=%d\n", f, t);
    }
    {
        long long big = 1LL << 40;
        unsigned short us = 65536u & 0xFFFF;
        bool a = big, b = (int)big, c = us;
        printf("a=%d b=%d c=%d\n", a, b, c);
        return 10 * a + 2 * b + c + count_true(flags, 8);
    }
}
