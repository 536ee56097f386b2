#include <stdio.h>
#include <stdlib.h>

/* goto: cleanup on error paths, leaving nested loops, and a loop
   written with a backward goto. */

static int process(int n, int fail_at)
{
    int *a = NULL, *b = NULL;
    int result = -1;
    int i;

    a = malloc(sizeof(int) * (size_t)n);
    if (a == NULL)
        goto out;
    for (i = 0; i < n; i++) {
        if (i == fail_at)
            goto free_a;
        a[i] = i * 3;
    }
    b = malloc(sizeof(int) * (size_t)n);
    if (b == NULL)
        goto free_a;
    result = 0;
    for (i = 0; i < n; i++) {
        b[i] = a[n - 1 - i];
        result += b[i] * i;
    }
    free(b);
free_a:
    free(a);
out:
    return result;
}

static int find_pair(const int *v, int n, int target, int *pi, int *pj)
{
    int i, j;
    for (i = 0; i < n; i++)
        for (j = i + 1; j < n; j++)
            if (v[i] + v[j] == target)
                goto found;
    return 0;
found:
    *pi = i;
    *pj = j;
    return 1;
}

static unsigned int gcd_goto(unsigned int a, unsigned int b)
{
again:
    if (b == 0)
        return a;
    {
        unsigned int t = a % b;
        a = b;
        b = t;
    }
    goto again;
}

int main(void)
{
    int v[] = {8, 3, 11, -4, 7, 15, 2};
    int targets[] = {18, 26, 100, -2};
    int k, i = -1, j = -1, count = 0;

    printf("process(5,-1)=%d\n", process(5, -1));
    printf("process(5,3)=%d\n", process(5, 3));
    printf("process(10,-1)=%d\n", process(10, -1));
    for (k = 0; k < 4; k++) {
        if (find_pair(v, 7, targets[k], &i, &j))
            printf("target %d: v[%d]+v[%d]\n", targets[k], i, j);
        else
            printf("target %d: none\n", targets[k]);
    }
    printf("gcd=%u %u\n", gcd_goto(48, 180), gcd_goto(17, 0));

    k = 0;
loop:
    if (k >= 10)
        goto done;
    if (k % 3 == 0)
        goto skip;
    count += k;
skip:
    k++;
    goto loop;
done:
    printf("count=%d\n", count);
    return count + i + j;
}
