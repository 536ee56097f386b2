#include <stdio.h>
#include <stdlib.h>

/* Pointers to pointers: an array of strings sorted by swapping
   pointers, a jagged 2-D array allocated row by row, and output
   parameters of pointer type. */

static int str_cmp(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (unsigned char)*a - (unsigned char)*b;
}

static void sort_strings(const char **v, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        const char *key = v[i];
        for (j = i - 1; j >= 0 && str_cmp(v[j], key) > 0; j--)
            v[j + 1] = v[j];
        v[j + 1] = key;
    }
}

static int **make_triangle(int rows)
{
    int **t = malloc((size_t)rows * sizeof *t);
    int r, c;
    if (!t)
        return NULL;
    for (r = 0; r < rows; r++) {
        t[r] = malloc((size_t)(r + 1) * sizeof **t);
        if (!t[r])
            exit(1);
        t[r][0] = t[r][r] = 1;
        for (c = 1; c < r; c++)
            t[r][c] = t[r - 1][c - 1] + t[r - 1][c];
    }
    return t;
}

static void min_max(int *const *rows, int nrows, const int **pmin, const int **pmax)
{
    int r, c;
    *pmin = *pmax = &rows[0][0];
    for (r = 0; r < nrows; r++)
        for (c = 0; c <= r; c++) {
            if (rows[r][c] < **pmin)
                *pmin = &rows[r][c];
            if (rows[r][c] > **pmax)
                *pmax = &rows[r][c];
        }
}

static void split_first_word(const char *s, const char **rest, int *len)
{
    const char *p = s;
    while (*p && *p != ' ')
        p++;
    *len = (int)(p - s);
    while (*p == ' ')
        p++;
    *rest = p;
}

int main(void)
{
    const char *names[] = {"sigma", "kappa", "alpha", "omega", "beta", "kappa2", "Zeta"};
    int n = (int)(sizeof names / sizeof names[0]);
    int **tri;
    const int *mn, *mx;
    const char *rest = "symbolic  execution of C programs";
    const char **pp;
    int i, len, words = 0, total = 0;

    sort_strings(names, n);
    for (pp = names; pp < names + n; pp++)
        printf("%s ", *pp);
    putchar('\n');
    printf("names[2][1]=%c *names[3]=%c **(names+4)=%c\n", names[2][1], *names[3], **(names + 4));

    tri = make_triangle(12);
    if (!tri)
        return 1;
    for (i = 0; i < 12; i += 3) {
        int c;
        for (c = 0; c <= i; c++)
            printf("%d ", tri[i][c]);
        putchar('\n');
    }
    min_max(tri, 12, &mn, &mx);
    printf("min=%d max=%d\n", *mn, *mx);
    for (i = 0; i < 12; i++) {
        total += tri[i][i / 2];
        free(tri[i]);
    }
    free(tri);

    while (*rest) {
        const char *word = rest;
        split_first_word(word, &rest, &len);
        printf("word %d: %.*s (%d)\n", words++, len, word, len);
    }
    printf("total=%d\n", total);
    return (total + words) % 256;
}
