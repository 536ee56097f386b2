#include <stdio.h>

/* The usual arithmetic conversions turn negative values into huge
   unsigned ones when they meet an unsigned operand of the same or
   higher rank. */

static int count_below(const int *a, int n, unsigned int limit)
{
    int c = 0;
    int i;
    for (i = 0; i < n; i++)
        if (a[i] < limit) /* a[i] is converted to unsigned int */
            c++;
    return c;
}

static int count_below_signed(const int *a, int n, int limit)
{
    int c = 0;
    int i;
    for (i = 0; i < n; i++)
        if (a[i] < limit)
            c++;
    return c;
}

int main(void)
{
    int vals[] = {-5, 0, 3, 10, -1, 7, 4, -100};
    unsigned char uc = 1;
    signed char sc = -1;
    unsigned short us = 1;
    short ss = -1;
    unsigned int ui = 1;
    long diff;
    unsigned u = 10;
    int i = -20;
    int score = 0;

    printf("-1 < 1u: %d\n", -1 < 1u);
    printf("-1 < 1: %d\n", -1 < 1);
    printf("-1 < (int)1u: %d\n", -1 < (int)1u);
    printf("-1L < 1u: %d\n", -1L < 1u);     /* LP64: 1, ILP32: 0 */
    printf("-1LL < 1u: %d\n", -1LL < 1u);
    printf("-1 < 1UL: %d\n", -1 < 1UL);
    printf("-1LL < 1ULL: %d\n", -1LL < 1ULL);
    printf("sc < uc: %d\n", sc < uc);
    printf("ss < us: %d\n", ss < us);
    printf("sc < ui: %d\n", sc < ui);
    printf("sizeof(int) > -1: %d\n", sizeof(int) > -1);
    printf("count_below(5u)=%d count_below_signed(5)=%d\n",
           count_below(vals, 8, 5u), count_below_signed(vals, 8, 5));
    diff = (unsigned)3 - 5;                 /* LP64: 4294967294, ILP32: -2 */
    printf("diff=%ld\n", diff);
    printf("u+i=%u (int)(u+i)=%d u+i>0: %d\n", u + i, (int)(u + i), u + i > 0);
    printf("(1 ? -1 : 0u) > 0: %d\n", (1 ? -1 : 0u) > 0);
    printf("-1 == 0xFFFFFFFF: %d\n", -1 == 0xFFFFFFFF);
    printf("-1LL == 0xFFFFFFFF: %d\n", -1LL == 0xFFFFFFFF);
    printf("(unsigned char)-1 == 255: %d, (signed char)255 == -1: %d\n",
           (unsigned char)-1 == 255, (signed char)255 == -1);
    {
        /* comparison of a char with a large constant */
        char ch = (char)0xE9;
        printf("ch == 0xE9: %d, (unsigned char)ch == 0xE9: %d\n",
               ch == 0xE9, (unsigned char)ch == 0xE9);
        score += (ch == 0xE9) + 2 * ((unsigned char)ch == 0xE9);
    }
    score += 4 * (-1 < 1u) + 8 * count_below(vals, 8, 5u);
    printf("score=%d\n", score);
    return score;
}
