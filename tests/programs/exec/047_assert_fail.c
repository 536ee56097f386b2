#include <stdio.h>
#include <assert.h>

/* An invariant checked with assert() stops holding after a few
   iterations: the program ends through __assert_fail (SIGABRT, 134). */

static int triangular(int n)
{
    return n * (n + 1) / 2;
}

int main(void)
{
    int sum = 0;
    unsigned char small = 0;
    int i;

    for (i = 1; i <= 30; i++) {
        sum += i;
        small = (unsigned char)(small + i);
        printf("i=%d sum=%d small=%u\n", i, sum, small);
        assert(sum == triangular(i));
        /* breaks once sum exceeds 255 (i = 22) */
        assert(small == sum);
    }
    puts("unreachable");
    return 0;
}
