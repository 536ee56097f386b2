#include <stdio.h>
#include <limits.h>

/* 64-bit integer arithmetic: large products, modular exponentiation,
   splitting into 32-bit halves, signed/unsigned mix. */

/* (x + y) mod m for x, y < m without overflowing 64 bits */
static unsigned long long addmod(unsigned long long x, unsigned long long y, unsigned long long m)
{
    return x >= m - y ? x - (m - y) : x + y;
}

static unsigned long long mulmod(unsigned long long a, unsigned long long b, unsigned long long m)
{
    unsigned long long r = 0;
    a %= m;
    while (b) {
        if (b & 1)
            r = addmod(r, a, m);
        a = addmod(a, a, m);
        b >>= 1;
    }
    return r;
}

static unsigned long long powmod(unsigned long long b, unsigned long long e, unsigned long long m)
{
    unsigned long long r = 1 % m;
    b %= m;
    while (e) {
        if (e & 1)
            r = mulmod(r, b, m);
        b = mulmod(b, b, m);
        e >>= 1;
    }
    return r;
}

static int miller_rabin(unsigned long long n)
{
    static const unsigned long long bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    unsigned long long d;
    int s = 0, i, r;
    if (n < 2)
        return 0;
    for (i = 0; i < 12; i++) {
        if (n == bases[i])
            return 1;
        if (n % bases[i] == 0)
            return 0;
    }
    d = n - 1;
    while ((d & 1) == 0) {
        d >>= 1;
        s++;
    }
    for (i = 0; i < 12; i++) {
        unsigned long long x = powmod(bases[i], d, n);
        if (x == 1 || x == n - 1)
            continue;
        for (r = 1; r < s; r++) {
            x = mulmod(x, x, n);
            if (x == n - 1)
                break;
        }
        if (r == s)
            return 0;
    }
    return 1;
}

int main(void)
{
    long long a = 3037000499LL;
    long long sq = a * a;
    unsigned long long candidates[] = {1000000007ULL, 1000000011ULL, 4294967291ULL,
                                       4294967297ULL, 9223372036854775783ULL,
                                       18446744073709551557ULL, 561ULL};
    unsigned long long v = 0x0123456789ABCDEFULL;
    unsigned int hi = (unsigned int)(v >> 32), lo = (unsigned int)v;
    long long neg = -9000000000LL;
    int i, primes = 0;

    printf("a*a=%lld LLONG_MAX-a*a=%lld\n", sq, LLONG_MAX - sq);
    printf("(a+1)*(a+1)=%lld (wrapped)\n", (a + 1) * (a + 1));
    printf("hi=%08x lo=%08x joined=%016llx\n", hi, lo, ((unsigned long long)hi << 32) | lo);
    printf("neg/7=%lld neg%%7=%lld neg=%lld (int)neg=%d\n", neg / 7, neg % 7, neg, (int)neg);
    printf("LLONG_MIN/2=%lld LLONG_MIN+1=%lld -(LLONG_MIN+1)=%lld\n",
           LLONG_MIN / 2, LLONG_MIN + 1, -(LLONG_MIN + 1));
    printf("ULLONG_MAX/3=%llu ULLONG_MAX%%1000=%llu\n", ULLONG_MAX / 3, ULLONG_MAX % 1000);
    printf("powmod(2,1000000,1e9+7)=%llu\n", powmod(2, 1000000, 1000000007ULL));
    printf("powmod(3,2^62,2^61-1)=%llu\n", powmod(3, 1ULL << 62, (1ULL << 61) - 1));
    for (i = 0; i < 7; i++) {
        int p = miller_rabin(candidates[i]);
        printf("%llu prime=%d\n", candidates[i], p);
        primes += p;
    }
    {
        /* mixing int and long long: the int is converted first */
        int x = -1;
        unsigned int ux = 0xFFFFFFFFu;
        long long s1 = x + 1LL;
        long long s2 = ux + 1LL;
        long long s3 = ux + 1;
        printf("s1=%lld s2=%lld s3=%lld\n", s1, s2, s3);
    }
    return primes;
}
