#include <stdio.h>
#include <limits.h>

/* Unsigned arithmetic is modulo 2^N: hashing and pseudo-random
   generators rely on it. */

static unsigned int fnv1a(const char *s)
{
    unsigned int h = 2166136261u;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 16777619u;
    }
    return h;
}

static unsigned int lcg_state = 1;

static unsigned int lcg_next(void)
{
    lcg_state = lcg_state * 1103515245u + 12345u;
    return (lcg_state >> 16) & 0x7fff;
}

static unsigned long long fnv1a64(const char *s)
{
    unsigned long long h = 14695981039346656037ull;
    while (*s) {
        h ^= (unsigned char)*s++;
        h *= 1099511628211ull;
    }
    return h;
}

int main(void)
{
    unsigned int u = UINT_MAX;
    unsigned int z = u + 1;
    unsigned int d = 3u - 5u;
    unsigned short us = 0;
    unsigned char uc = 250;
    unsigned long long big = 0xFFFFFFFFFFFFFFFFull;
    unsigned int k, steps = 0;
    unsigned int neg = -7;
    int i;

    printf("UINT_MAX=%u +1=%u 3-5=%u\n", u, z, d);
    us = us - 1; /* int -1 converted to unsigned short */
    printf("us=%u\n", us);
    for (i = 0; i < 10; i++)
        uc++;
    printf("uc after 10 increments=%u\n", uc);
    big += 2;
    printf("big=%llu\n", big);
    printf("mul wrap=%u\n", 4000000000u * 3u);
    for (k = 5; k <= 5; k--)
        steps++;
    printf("steps=%u k=%u\n", steps, k);
    printf("fnv(\"\")=%u\n", fnv1a(""));
    printf("fnv(\"hello\")=%u\n", fnv1a("hello"));
    printf("fnv(\"kappa\")=%08x\n", fnv1a("kappa"));
    printf("fnv64(\"kappa\")=%016llx\n", fnv1a64("kappa"));
    for (i = 0; i < 5; i++)
        printf("lcg[%d]=%u\n", i, lcg_next());
    printf("state=%u\n", lcg_state);
    printf("neg=%u neg/2=%u neg%%10=%u\n", neg, neg / 2, neg % 10);
    printf("-neg=%u\n", -neg);
    {
        unsigned int a = 10, b = 20;
        unsigned int diff = a - b;
        int sdiff = (int)(a - b);
        printf("a-b=%u (int)(a-b)=%d (a-b)/2=%u\n", diff, sdiff, (a - b) / 2);
    }
    return (int)(fnv1a("exit") & 0x7f);
}
