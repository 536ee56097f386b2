#include <stdio.h>

/* Longest Collatz chain below a bound, with a small cache. */

#define BOUND 3000

static unsigned short cache[BOUND];

static int chain_length(unsigned long long n, unsigned long long *peak)
{
    int steps = 0;
    unsigned long long start = n;
    while (n != 1) {
        if (n < start && n < BOUND && cache[n]) {
            steps += cache[n];
            break;
        }
        if (n > *peak)
            *peak = n;
        n = (n & 1) ? 3 * n + 1 : n >> 1;
        steps++;
    }
    if (start < BOUND)
        cache[start] = (unsigned short)steps;
    return steps;
}

int main(void)
{
    unsigned long long n, best_n = 1, peak = 0, best_peak = 0;
    int best = 0;

    for (n = 1; n < BOUND; n++) {
        unsigned long long pk = 0;
        int len = chain_length(n, &pk);
        if (len > best) {
            best = len;
            best_n = n;
        }
        if (pk > best_peak)
            best_peak = pk;
        if (n % 500 == 0)
            printf("n=%llu len=%d\n", n, len);
    }
    printf("longest below %d: %llu with %d steps\n", BOUND, best_n, best);
    printf("highest peak=%llu\n", best_peak);
    peak = 0;
    printf("27: %d steps\n", chain_length(27, &peak));
    printf("cache[27]=%u cache[97]=%u\n", cache[27], cache[97]);
    return best % 256;
}
