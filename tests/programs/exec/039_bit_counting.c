#include <stdio.h>

/* Bit tricks: several popcount implementations, parity, leading and
   trailing zeros, bit reversal, powers of two, Gray code. */

static int popcount_naive(unsigned int x)
{
    int c = 0;
    while (x) {
        c += x & 1;
        x >>= 1;
    }
    return c;
}

static int popcount_kernighan(unsigned int x)
{
    int c = 0;
    while (x) {
        x &= x - 1;
        c++;
    }
    return c;
}

static int popcount_swar(unsigned int x)
{
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    x = (x + (x >> 4)) & 0x0F0F0F0Fu;
    return (int)((x * 0x01010101u) >> 24);
}

static int popcount64(unsigned long long x)
{
    return popcount_kernighan((unsigned int)x) + popcount_kernighan((unsigned int)(x >> 32));
}

static int clz(unsigned int x)
{
    int n = 0;
    if (x == 0)
        return 32;
    while (!(x & 0x80000000u)) {
        x <<= 1;
        n++;
    }
    return n;
}

static int ctz(unsigned int x)
{
    int n = 0;
    if (x == 0)
        return 32;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
}

static unsigned int reverse_bits(unsigned int x)
{
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}

static unsigned int next_pow2(unsigned int x)
{
    if (x <= 1)
        return 1;
    x--;
    x |= x >> 1;
    x |= x >> 2;
    x |= x >> 4;
    x |= x >> 8;
    x |= x >> 16;
    return x + 1;
}

int main(void)
{
    unsigned int tests[] = {0, 1, 2, 3, 0xFF, 0x80000000u, 0xFFFFFFFFu, 0xDEADBEEFu, 12345678u, 1u << 17};
    int i, bad = 0, total = 0;

    for (i = 0; i < 10; i++) {
        unsigned int x = tests[i];
        int a = popcount_naive(x), b = popcount_kernighan(x), c = popcount_swar(x);
        if (a != b || b != c)
            bad++;
        total += a;
        printf("%08x pop=%2d parity=%d clz=%2d ctz=%2d rev=%08x pow2=%d next=%u low=%x\n",
               x, a, a & 1, clz(x), ctz(x), reverse_bits(x),
               x != 0 && (x & (x - 1)) == 0, next_pow2(x), x & (0u - x));
    }
    printf("popcount64=%d %d\n", popcount64(0xFFFFFFFFFFFFFFFFull), popcount64(0x8000000000000001ull));
    printf("gray:");
    for (i = 0; i < 16; i++) {
        unsigned int g = (unsigned int)i ^ ((unsigned int)i >> 1);
        printf(" %u", g);
    }
    putchar('\n');
    {
        /* count bits in bytes, promoted through int */
        unsigned char b = 0xF0;
        printf("~b pop=%d (unsigned char)~b pop=%d\n", popcount_naive((unsigned int)~b),
               popcount_naive((unsigned char)~b));
    }
    printf("bad=%d total=%d\n", bad, total);
    return bad ? 255 : total;
}
