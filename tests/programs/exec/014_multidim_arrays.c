#include <stdio.h>

/* Multi-dimensional arrays: matrix multiplication, transpose, powers of
   a matrix, a 3-D array and pointers to rows. */

#define N 3

static void matmul(int a[][N], int b[][N], int c[][N])
{
    int i, j, k;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++) {
            int s = 0;
            for (k = 0; k < N; k++)
                s += a[i][k] * b[k][j];
            c[i][j] = s;
        }
}

static void copy(int dst[][N], int src[][N])
{
    int i, j;
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            dst[i][j] = src[i][j];
}

static void print(const char *name, int m[][N])
{
    int i, j;
    printf("%s:\n", name);
    for (i = 0; i < N; i++) {
        for (j = 0; j < N; j++)
            printf(" %6d", m[i][j]);
        putchar('\n');
    }
}

static int trace(int m[][N])
{
    int i, t = 0;
    for (i = 0; i < N; i++)
        t += m[i][i];
    return t;
}

int main(void)
{
    int a[N][N] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 10}};
    int b[N][N] = {{0, 1, 0}, {-1, 0, 2}, {3, -2, 1}};
    int c[N][N], t[N][N], p[N][N], tmp[N][N];
    int cube[2][3][4];
    int (*row)[N];
    int i, j, k, e;

    matmul(a, b, c);
    print("a*b", c);
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            t[j][i] = a[i][j];
    print("transpose(a)", t);

    /* p = a^5 */
    for (i = 0; i < N; i++)
        for (j = 0; j < N; j++)
            p[i][j] = (i == j);
    for (e = 0; e < 5; e++) {
        matmul(p, a, tmp);
        copy(p, tmp);
    }
    print("a^5", p);
    printf("trace(a^5)=%d\n", trace(p));

    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++)
            for (k = 0; k < 4; k++)
                cube[i][j][k] = i * 100 + j * 10 + k;
    printf("cube[1][2][3]=%d cube[0][1][2]=%d\n", cube[1][2][3], cube[0][1][2]);
    printf("sizeof cube=%d cube[0]=%d cube[0][0]=%d\n",
           (int)sizeof cube, (int)sizeof cube[0], (int)sizeof cube[0][0]);
    {
        int s = 0;
        int (*plane)[4] = cube[1];
        for (j = 0; j < 3; j++)
            s += plane[j][j];
        printf("diag sum of plane 1=%d\n", s);
        printf("*(*(cube[1] + 2) + 1)=%d\n", *(*(cube[1] + 2) + 1));
    }
    row = a;
    row++;
    printf("row[0][2]=%d (*row)[1]=%d row[1][0]=%d\n", row[0][2], (*row)[1], row[1][0]);
    printf("&a[2][0] - &a[0][0] = %d\n", (int)(&a[2][0] - &a[0][0]));
    return trace(c) & 0xff;
}
