#include <stdio.h>

/* Binary search variants (exact, lower bound, upper bound) on a sorted
   array with duplicates; integer square root by bisection. */

static int bsearch_exact(const int *a, int n, int key)
{
    int lo = 0, hi = n - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key)
            return mid;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

static int lower_bound(const int *a, int n, int key)
{
    int lo = 0, hi = n;
    while (lo < hi) {
        int mid = (lo + hi) >> 1;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

static int upper_bound(const int *a, int n, int key)
{
    const int *first = a;
    unsigned int count = (unsigned int)n;
    while (count > 0) {
        unsigned int step = count / 2;
        const int *it = first + step;
        if (!(key < *it)) {
            first = it + 1;
            count -= step + 1;
        } else {
            count = step;
        }
    }
    return (int)(first - a);
}

static unsigned long long isqrt64(unsigned long long n)
{
    unsigned long long lo = 0, hi = 4294967296ULL;
    while (hi - lo > 1) {
        unsigned long long mid = lo + (hi - lo) / 2;
        if (mid <= n / mid)
            lo = mid;
        else
            hi = mid;
    }
    return lo;
}

int main(void)
{
    int a[] = {-40, -3, -3, 0, 2, 2, 2, 7, 11, 11, 19, 23, 23, 23, 23, 100};
    int n = (int)(sizeof a / sizeof a[0]);
    int keys[] = {-41, -40, -3, 1, 2, 11, 23, 50, 100, 101};
    unsigned long long sq[] = {0, 1, 15, 16, 17, 1000000, 999999999999ULL,
                               18446744073709551615ULL, 4611686018427387904ULL};
    int i, found = 0;

    for (i = 0; i < 10; i++) {
        int e = bsearch_exact(a, n, keys[i]);
        int lb = lower_bound(a, n, keys[i]);
        int ub = upper_bound(a, n, keys[i]);
        printf("key %4d: exact=%2d lower=%2d upper=%2d count=%d\n", keys[i], e, lb, ub, ub - lb);
        if (e >= 0) {
            found++;
            if (a[e] != keys[i] || e < lb || e >= ub)
                return 1;
        }
    }
    for (i = 0; i < 9; i++)
        printf("isqrt(%llu)=%llu\n", sq[i], isqrt64(sq[i]));
    return found * 10 + (int)(isqrt64(1000000) % 10);
}
