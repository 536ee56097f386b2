#include <stdio.h>
#include <limits.h>

/* The corpus is compiled with -fwrapv: signed overflow wraps around
   (two's complement). */

static int hash_string(const char *s)
{
    int h = 0;
    while (*s)
        h = h * 31 + *s++; /* Java-style String.hashCode */
    return h;
}

static int fact_int(int n)
{
    int r = 1;
    while (n > 1)
        r *= n--;
    return r;
}

static long long fact_ll(int n)
{
    long long r = 1;
    while (n > 1)
        r *= n--;
    return r;
}

int main(void)
{
    int max = INT_MAX;
    int min = INT_MIN;
    long long llmax = LLONG_MAX;
    short s = SHRT_MAX;
    signed char c = 127;
    int acc = 1;
    int n, i, a;

    printf("max+1=%d min-1=%d\n", max + 1, min - 1);
    printf("-min=%d\n", -min);
    printf("max*2=%d min*2=%d\n", max * 2, min * 2);
    printf("llmax+1=%lld\n", llmax + 1);
    s++;
    printf("short wrap=%d\n", s);
    c += 1;
    printf("char wrap=%d\n", c);
    for (n = 10; n <= 22; n += 3)
        printf("fact(%d)=%d ll=%lld\n", n, fact_int(n), fact_ll(n));
    printf("hash(\"hello world\")=%d\n", hash_string("hello world"));
    printf("hash(\"symbolic execution\")=%d\n", hash_string("symbolic execution"));
    for (i = 0; i < 40; i++)
        acc = acc * 3 + 1;
    printf("acc=%d\n", acc);
    a = min < 0 ? -min : min;
    printf("abs(min)=%d\n", a);
    printf("max+max=%d min+min=%d\n", max + max, min + min);
    {
        int x = 46341;
        printf("46341^2=%d\n", x * x);
    }
    return acc < 0 ? 1 : 2;
}
