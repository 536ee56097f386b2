#include <stdio.h>

/* Sieve of Eratosthenes, trial division, factorisation, Goldbach. */

#define LIMIT 500

static unsigned char composite[LIMIT + 1];

static void sieve(void)
{
    int i, j;
    composite[0] = composite[1] = 1;
    for (i = 2; i * i <= LIMIT; i++)
        if (!composite[i])
            for (j = i * i; j <= LIMIT; j += i)
                composite[j] = 1;
}

static int is_prime_trial(unsigned int n)
{
    unsigned int d;
    if (n < 2)
        return 0;
    if (n % 2 == 0)
        return n == 2;
    for (d = 3; d <= n / d; d += 2)
        if (n % d == 0)
            return 0;
    return 1;
}

static void factorize(unsigned int n)
{
    unsigned int d = 2;
    int first = 1;
    printf("%u =", n);
    while (n > 1 && d <= n / d) {
        int e = 0;
        while (n % d == 0) {
            n /= d;
            e++;
        }
        if (e) {
            printf("%s %u", first ? "" : " *", d);
            if (e > 1)
                printf("^%d", e);
            first = 0;
        }
        d += d == 2 ? 1 : 2;
    }
    if (n > 1)
        printf("%s %u", first ? "" : " *", n);
    putchar('\n');
}

int main(void)
{
    int i, count = 0, twins = 0, n;
    unsigned int big[] = {2147483647u, 4294967291u, 4294967295u, 1000003u, 999999999u};
    int mismatch = 0;

    sieve();
    for (i = 2; i <= LIMIT; i++) {
        if (!composite[i]) {
            count++;
            if (count <= 20)
                printf("%d ", i);
            if (i + 2 <= LIMIT && !composite[i + 2])
                twins++;
        }
        if (is_prime_trial((unsigned)i) != !composite[i])
            mismatch++;
    }
    printf("\ncount=%d twins=%d mismatch=%d\n", count, twins, mismatch);
    for (i = 0; i < 5; i++)
        printf("%u prime=%d\n", big[i], is_prime_trial(big[i]));
    factorize(360);
    factorize(97);
    factorize(1001);
    factorize(4294967295u);
    factorize(2147483646u);
    for (n = 4; n <= 40; n += 6) {
        for (i = 2; i <= n / 2; i++)
            if (!composite[i] && !composite[n - i])
                break;
        printf("%d = %d + %d\n", n, i, n - i);
    }
    return count % 256;
}
