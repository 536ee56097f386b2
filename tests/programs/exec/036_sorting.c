#include <stdio.h>

/* Insertion, selection and shell sort on the same data, with
   comparison counts; sorting signed chars and sorting ints as unsigned. */

#define N 16

static int comparisons;

static int less(int a, int b)
{
    comparisons++;
    return a < b;
}

static void insertion_sort(int *a, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        int key = a[i];
        for (j = i - 1; j >= 0 && less(key, a[j]); j--)
            a[j + 1] = a[j];
        a[j + 1] = key;
    }
}

static void selection_sort(int *a, int n)
{
    int i, j;
    for (i = 0; i < n - 1; i++) {
        int m = i, t;
        for (j = i + 1; j < n; j++)
            if (less(a[j], a[m]))
                m = j;
        t = a[i];
        a[i] = a[m];
        a[m] = t;
    }
}

static void shell_sort(int *a, int n)
{
    int gap, i, j;
    for (gap = n / 2; gap > 0; gap /= 2)
        for (i = gap; i < n; i++) {
            int t = a[i];
            for (j = i; j >= gap && less(t, a[j - gap]); j -= gap)
                a[j] = a[j - gap];
            a[j] = t;
        }
}

static void sort_uns(unsigned int *a, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        unsigned int key = a[i];
        for (j = i - 1; j >= 0 && key < a[j]; j--)
            a[j + 1] = a[j];
        a[j + 1] = key;
    }
}

static void sort_chars(signed char *a, int n)
{
    int i, j;
    for (i = 0; i < n; i++)
        for (j = 0; j + 1 < n - i; j++)
            if (a[j] > a[j + 1]) {
                signed char t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
}

static void copy(int *dst, const int *src, int n)
{
    int i;
    for (i = 0; i < n; i++)
        dst[i] = src[i];
}

static int is_sorted(const int *a, int n)
{
    int i;
    for (i = 1; i < n; i++)
        if (a[i - 1] > a[i])
            return 0;
    return 1;
}

static void print(const char *name, const int *a, int n)
{
    int i;
    printf("%-10s", name);
    for (i = 0; i < n; i++)
        printf(" %d", a[i]);
    printf(" (comparisons=%d sorted=%d)\n", comparisons, is_sorted(a, n));
}

int main(void)
{
    int data[N] = {42, -7, 19, 0, 88, -7, 3, 1000, -250, 61, 5, 5, 17, -1, 29, 12};
    int work[N];
    unsigned int u[N];
    signed char sc[8] = {100, -100, 0, -1, 127, -128, 1, 50};
    int i, total;

    copy(work, data, N);
    comparisons = 0;
    insertion_sort(work, N);
    print("insertion", work, N);
    total = comparisons;
    copy(work, data, N);
    comparisons = 0;
    selection_sort(work, N);
    print("selection", work, N);
    total += comparisons;
    copy(work, data, N);
    comparisons = 0;
    shell_sort(work, N);
    print("shell", work, N);
    total += comparisons;

    for (i = 0; i < N; i++)
        u[i] = (unsigned int)data[i];
    sort_uns(u, N);
    printf("as unsigned:");
    for (i = 0; i < N; i++)
        printf(" %d", (int)u[i]);
    putchar('\n');
    sort_chars(sc, 8);
    printf("chars:");
    for (i = 0; i < 8; i++)
        printf(" %d", sc[i]);
    putchar('\n');
    printf("total comparisons=%d\n", total);
    return total % 256;
}
