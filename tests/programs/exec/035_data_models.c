#include <stdio.h>
#include <limits.h>
#include <stddef.h>

/* Programs whose output legitimately differs between ILP32 and LP64:
   long and pointers are 32 bits wide in ILP32 and 64 bits in LP64. */

struct header { long id; void *link; int count; };

static long accumulate(const int *v, int n)
{
    long s = 0;
    int i;
    for (i = 0; i < n; i++)
        s += (long)v[i] * v[i]; /* wraps in ILP32 (-fwrapv) */
    return s;
}

int main(void)
{
    int vals[5] = {100000, 200000, 30000, -40000, 50000};
    unsigned long ulm = (unsigned long)-1;
    long lm = LONG_MAX;
    size_t zero = 0;
    size_t wrapped = zero - 1;
    long conv = (long)0x80000000u;
    unsigned long bits = sizeof(long) * CHAR_BIT;
    int arr[10];
    ptrdiff_t span = &arr[9] - &arr[0];

    printf("sizeof(long)=%zu sizeof(void*)=%zu sizeof(size_t)=%zu\n",
           sizeof(long), sizeof(void *), sizeof(size_t));
    printf("sizeof(struct header)=%zu\n", sizeof(struct header));
    printf("(unsigned long)-1=%lu hex=%lx\n", ulm, ulm);
    printf("LONG_MAX=%ld LONG_MIN=%ld\n", lm, LONG_MIN);
    printf("(size_t)0-1=%zu\n", wrapped);
    printf("(long)0x80000000u=%ld\n", conv);
    printf("bits=%lu top bit=%lx\n", bits, 1UL << (bits - 1));
    printf("accumulate=%ld\n", accumulate(vals, 5));
    printf("LONG_MAX+1=%ld\n", lm + 1);
    printf("span=%ld\n", (long)span);
    printf("-1L < 1U: %d\n", -1L < 1U);
    printf("4000000000 as long: %ld\n", (long)4000000000LL);
    printf("ulm %% 1000=%lu ulm/1000000=%lu\n", ulm % 1000, ulm / 1000000);
    {
        unsigned long x = 1;
        int doublings = 0;
        while (x != 0) {
            x <<= 1;
            doublings++;
        }
        printf("doublings until zero=%d\n", doublings);
        return doublings + (int)sizeof(void *);
    }
}
