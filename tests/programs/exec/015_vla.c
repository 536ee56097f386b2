#include <stdio.h>

/* Variable length arrays sized by runtime values: Pascal's triangle,
   a VLA matrix parameter, sizeof of a VLA, VLAs in a loop. */

static long long binom_table(int n, int k)
{
    long long row[n + 1];
    int i, j;
    for (i = 0; i <= n; i++) {
        row[i] = 1;
        for (j = i - 1; j > 0; j--)
            row[j] += row[j - 1];
    }
    return row[k];
}

static void fill_magic(int n, int m[n][n])
{
    /* Siamese method for odd n */
    int i, j, v;
    for (i = 0; i < n; i++)
        for (j = 0; j < n; j++)
            m[i][j] = 0;
    i = 0;
    j = n / 2;
    for (v = 1; v <= n * n; v++) {
        int ni, nj;
        m[i][j] = v;
        ni = (i - 1 + n) % n;
        nj = (j + 1) % n;
        if (m[ni][nj] != 0) {
            ni = (i + 1) % n;
            nj = j;
        }
        i = ni;
        j = nj;
    }
}

static int check_magic(int n, int m[n][n])
{
    int target = n * (n * n + 1) / 2;
    int i, j, d1 = 0, d2 = 0;
    for (i = 0; i < n; i++) {
        int r = 0, c = 0;
        for (j = 0; j < n; j++) {
            r += m[i][j];
            c += m[j][i];
        }
        if (r != target || c != target)
            return 0;
        d1 += m[i][i];
        d2 += m[i][n - 1 - i];
    }
    return d1 == target && d2 == target;
}

int main(void)
{
    int n;
    int sizes = 0;

    for (n = 0; n <= 30; n += 5)
        printf("C(%d,%d)=%lld\n", n, n / 2, binom_table(n, n / 2));
    for (n = 3; n <= 7; n += 2) {
        int m[n][n];
        int i, j;
        fill_magic(n, m);
        printf("magic %d: ok=%d sizeof=%d row0:", n, check_magic(n, m), (int)sizeof m);
        for (j = 0; j < n; j++)
            printf(" %d", m[0][j]);
        putchar('\n');
        for (i = 0; i < n; i++)
            sizes += m[i][i];
        sizes += (int)(sizeof m[0] / sizeof m[0][0]);
    }
    {
        int len = 4;
        char word[len + 1];
        int i;
        for (i = 0; i < len; i++)
            word[i] = (char)('w' + i);
        word[len] = '\0';
        len = 100; /* the size of word is fixed at declaration */
        printf("word=%s sizeof=%d\n", word, (int)sizeof word);
    }
    printf("sizes=%d\n", sizes);
    return sizes % 256;
}
