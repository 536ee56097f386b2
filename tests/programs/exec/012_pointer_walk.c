#include <stdio.h>

/* Walking arrays with pointers: sums, in-place reversal with two
   pointers, searching, and a byte-level checksum of an int array
   (the byte sum does not depend on endianness). */

static int sum(const int *begin, const int *end)
{
    int s = 0;
    while (begin != end)
        s += *begin++;
    return s;
}

static void reverse(int *lo, int *hi)
{
    while (lo < hi) {
        int t = *lo;
        *lo++ = *--hi;
        *hi = t;
    }
}

static const int *find_max(const int *p, int n)
{
    const int *best = p;
    const int *end = p + n;
    for (++p; p < end; ++p)
        if (*p > *best)
            best = p;
    return best;
}

static unsigned int byte_sum(const void *data, int nbytes)
{
    const unsigned char *b = data;
    unsigned int s = 0;
    while (nbytes-- > 0)
        s += *b++;
    return s;
}

static void my_strcpy(char *dst, const char *src)
{
    while ((*dst++ = *src++))
        ;
}

int main(void)
{
    int a[10] = {3, -1, 4, 1, -5, 9, 2, -6, 5, 3};
    int *p;
    const int *m;
    char buf[32];
    char *c;
    int i, zeros = 0;
    int grid[3][4];
    int *flat;

    printf("sum=%d\n", sum(a, a + 10));
    printf("sum of middle=%d\n", sum(&a[2], &a[8]));
    m = find_max(a, 10);
    printf("max=%d at %d\n", *m, (int)(m - a));
    reverse(a, a + 10);
    for (p = a; p < a + 10; p++)
        printf("%d ", *p);
    putchar('\n');
    for (p = a + 9; p >= a + 1; p -= 2)
        printf("[%d]", *p);
    putchar('\n');

    printf("byte_sum=%u\n", byte_sum(a, (int)sizeof a));
    {
        int big[3] = {0x01020304, -1, 0x7F000080};
        const unsigned char *bp = (const unsigned char *)big;
        for (i = 0; i < (int)sizeof big; i++)
            if (bp[i] == 0)
                zeros++;
        printf("big byte_sum=%u zeros=%d\n", byte_sum(big, (int)sizeof big), zeros);
    }

    my_strcpy(buf, "pointer walk");
    for (c = buf; *c; c++)
        if (*c >= 'a' && *c <= 'z')
            *c = (char)(*c - 'a' + 'A');
    printf("%s (%d chars)\n", buf, (int)(c - buf));

    for (i = 0; i < 12; i++)
        grid[i / 4][i % 4] = i * 10;
    flat = &grid[0][0];
    printf("grid via row pointer: ");
    for (i = 0; i < 3; i++) {
        int *row = grid[i];
        printf("%d ", row[3] + *(row + 1));
    }
    printf("flat[5]=%d\n", flat[5]);
    return *m + (int)(c - buf);
}
