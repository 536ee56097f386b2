#include <stdio.h>

/* continue and break in nested loops. */

int main(void)
{
    int a, b, c, found = 0;
    int grid[5][6];
    int i, j, target_row = -1, target_col = -1;
    int primes = 0, n, d;
    int row_sums[5];

    /* Pythagorean triples with c <= 30 */
    for (c = 1; c <= 30; c++) {
        for (a = 1; a < c; a++) {
            if (a % 2 == 0 && c % 2 == 0)
                continue; /* skip non-primitive candidates early */
            for (b = a; b < c; b++) {
                if (a * a + b * b > c * c)
                    break;
                if (a * a + b * b != c * c)
                    continue;
                printf("(%d,%d,%d) ", a, b, c);
                found++;
            }
        }
    }
    printf("\nfound=%d\n", found);

    for (i = 0; i < 5; i++)
        for (j = 0; j < 6; j++)
            grid[i][j] = (i * 7 + j * 5) % 11;
    for (i = 0; i < 5 && target_row < 0; i++) {
        for (j = 0; j < 6; j++) {
            if (grid[i][j] == 10) {
                target_row = i;
                target_col = j;
                break;
            }
        }
    }
    printf("first 10 at (%d,%d), i=%d\n", target_row, target_col, i);

    for (n = 2; n < 100; n++) {
        for (d = 2; d * d <= n; d++)
            if (n % d == 0)
                break;
        if (d * d <= n)
            continue;
        primes++;
    }
    printf("primes below 100: %d\n", primes);

    for (i = 0; i < 5; i++) {
        row_sums[i] = 0;
        for (j = 0; j < 6; j++) {
            if (grid[i][j] == 0)
                continue;
            if (grid[i][j] > 8)
                break;
            row_sums[i] += grid[i][j];
        }
        printf("row %d sum=%d stopped at j=%d\n", i, row_sums[i], j);
    }

    /* while loop with continue: the increment must not be skipped */
    i = 0;
    j = 0;
    while (i < 20) {
        i++;
        if (i % 4 == 0)
            continue;
        if (i == 15)
            break;
        j += i;
    }
    printf("while: i=%d j=%d\n", i, j);
    return found * 10 + primes % 10;
}
