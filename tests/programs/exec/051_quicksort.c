#include <stdio.h>
#include <stdlib.h>

/* Recursive quicksort (Lomuto, median of three) of pseudo-random data
   on the heap, verified against a counting check. */

static unsigned int rng = 2463534242u;

static unsigned int xorshift32(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void swap(int *a, int *b)
{
    int t = *a;
    *a = *b;
    *b = t;
}

static int max_depth;

static void quicksort(int *a, int lo, int hi, int depth)
{
    int mid, pivot, i, j;
    if (depth > max_depth)
        max_depth = depth;
    if (lo >= hi)
        return;
    mid = lo + (hi - lo) / 2;
    if (a[mid] < a[lo]) swap(&a[mid], &a[lo]);
    if (a[hi] < a[lo]) swap(&a[hi], &a[lo]);
    if (a[mid] < a[hi]) swap(&a[mid], &a[hi]);
    pivot = a[hi];
    i = lo;
    for (j = lo; j < hi; j++)
        if (a[j] < pivot)
            swap(&a[i++], &a[j]);
    swap(&a[i], &a[hi]);
    quicksort(a, lo, i - 1, depth + 1);
    quicksort(a, i + 1, hi, depth + 1);
}

int main(void)
{
    int n = 300, i;
    int *a = malloc((size_t)n * sizeof *a);
    long long sum_before = 0, sum_after = 0;
    unsigned int h = 0;

    if (!a)
        return 1;
    for (i = 0; i < n; i++) {
        a[i] = (int)(xorshift32() % 2001u) - 1000;
        sum_before += a[i];
    }
    printf("first: %d %d %d\n", a[0], a[1], a[2]);
    quicksort(a, 0, n - 1, 0);
    for (i = 0; i < n; i++) {
        sum_after += a[i];
        h = h * 31u + (unsigned int)a[i];
        if (i > 0 && a[i - 1] > a[i]) {
            printf("not sorted at %d\n", i);
            return 2;
        }
    }
    printf("min=%d median=%d max=%d\n", a[0], a[n / 2], a[n - 1]);
    printf("sums %lld %lld hash=%u\n", sum_before, sum_after, h);
    printf("depth>=%d\n", max_depth > 8);
    free(a);
    return (int)(h % 256);
}
