#include <stdio.h>

/* Euclid (iterative and binary), extended Euclid with negative
   coefficients, lcm over a range, modular inverses. */

static unsigned int gcd(unsigned int a, unsigned int b)
{
    while (b) {
        unsigned int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static unsigned int binary_gcd(unsigned int a, unsigned int b)
{
    int shift = 0;
    if (a == 0)
        return b;
    if (b == 0)
        return a;
    while (((a | b) & 1) == 0) {
        a >>= 1;
        b >>= 1;
        shift++;
    }
    while ((a & 1) == 0)
        a >>= 1;
    do {
        while ((b & 1) == 0)
            b >>= 1;
        if (a > b) {
            unsigned int t = a;
            a = b;
            b = t;
        }
        b -= a;
    } while (b != 0);
    return a << shift;
}

static long long ext_gcd(long long a, long long b, long long *x, long long *y)
{
    long long x0 = 1, y0 = 0, x1 = 0, y1 = 1;
    while (b != 0) {
        long long q = a / b, t;
        t = a - q * b; a = b; b = t;
        t = x0 - q * x1; x0 = x1; x1 = t;
        t = y0 - q * y1; y0 = y1; y1 = t;
    }
    *x = x0;
    *y = y0;
    return a;
}

static long long mod_inverse(long long a, long long m)
{
    long long x, y;
    if (ext_gcd(a, m, &x, &y) != 1)
        return -1;
    x %= m;
    return x < 0 ? x + m : x;
}

int main(void)
{
    unsigned int pairs[][2] = {{48, 18}, {1071, 462}, {0, 9}, {17, 0}, {1u << 31, 1u << 20},
                               {4294967295u, 65535u}, {832040, 514229}};
    unsigned long long l = 1;
    long long x, y, g;
    int i, mismatches = 0;

    for (i = 0; i < 7; i++) {
        unsigned int a = pairs[i][0], b = pairs[i][1];
        unsigned int g1 = gcd(a, b), g2 = binary_gcd(a, b);
        printf("gcd(%u,%u)=%u binary=%u\n", a, b, g1, g2);
        mismatches += g1 != g2;
    }
    for (i = 1; i <= 40; i++) {
        l = l / gcd((unsigned int)(l % (unsigned long long)i), (unsigned int)i) * (unsigned long long)i;
        if (i % 10 == 0)
            printf("lcm(1..%d)=%llu\n", i, l);
    }
    g = ext_gcd(240, 46, &x, &y);
    printf("240*%lld + 46*%lld = %lld\n", x, y, g);
    g = ext_gcd(-35, 15, &x, &y);
    printf("-35*%lld + 15*%lld = %lld\n", x, y, g);
    for (i = 2; i < 12; i++)
        printf("inv(%d mod 13)=%lld ", i, mod_inverse(i, 13));
    putchar('\n');
    printf("inv(6 mod 9)=%lld inv(123456789 mod 1000000007)=%lld\n", mod_inverse(6, 9),
           mod_inverse(123456789, 1000000007));
    return mismatches ? 1 : (int)(l % 256);
}
