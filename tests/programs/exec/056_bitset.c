#include <stdio.h>
#include <limits.h>

/* A bitset stored in unsigned long words: the number of words (and so
   some of the output) depends on the data model. */

#define NBITS 200
#define WORD_BITS (sizeof(unsigned long) * CHAR_BIT)
#define NWORDS ((NBITS + WORD_BITS - 1) / WORD_BITS)

static unsigned long set[NWORDS];

static void bit_set(unsigned int i)
{
    set[i / WORD_BITS] |= 1UL << (i % WORD_BITS);
}

static void bit_clear(unsigned int i)
{
    set[i / WORD_BITS] &= ~(1UL << (i % WORD_BITS));
}

static int bit_test(unsigned int i)
{
    return (set[i / WORD_BITS] >> (i % WORD_BITS)) & 1;
}

static int count(void)
{
    unsigned int w;
    int c = 0;
    for (w = 0; w < NWORDS; w++) {
        unsigned long x = set[w];
        while (x) {
            x &= x - 1;
            c++;
        }
    }
    return c;
}

int main(void)
{
    unsigned int i, j;
    int primes;

    printf("word bits=%u words=%u\n", (unsigned)WORD_BITS, (unsigned)NWORDS);
    for (i = 2; i < NBITS; i++)
        bit_set(i);
    for (i = 2; i * i < NBITS; i++)
        if (bit_test(i))
            for (j = i * i; j < NBITS; j += i)
                bit_clear(j);
    primes = count();
    printf("primes below %d: %d\n", NBITS, primes);
    for (i = 190; i < NBITS; i++)
        if (bit_test(i))
            printf("%u ", i);
    putchar('\n');
    for (i = 0; i < NWORDS; i++)
        printf("word[%u]=%lx\n", i, set[i]);
    return primes;
}
