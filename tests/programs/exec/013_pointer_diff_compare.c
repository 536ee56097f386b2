#include <stdio.h>
#include <stddef.h>

/* Pointer difference, relational comparison inside one array/struct,
   NULL checks and pointers to pointers. */

struct record { char tag; int key; long long value; short flags[3]; };

static int *lookup(int *a, int n, int key)
{
    int *p;
    for (p = a; p != a + n; p++)
        if (*p == key)
            return p;
    return NULL;
}

static void advance(int **pp, int steps)
{
    *pp += steps;
}

static int remove_all(int *a, int n, int key)
{
    int *src, *dst = a;
    for (src = a; src < a + n; src++)
        if (*src != key)
            *dst++ = *src;
    return (int)(dst - a);
}

int main(void)
{
    int a[12] = {5, 8, 13, 8, 21, 34, 8, 55, 89, 8, 144, 233};
    int keys[4] = {8, 55, 7, 233};
    int i, n;
    int *p, *q;
    int **pp;
    struct record r;
    ptrdiff_t d;

    for (i = 0; i < 4; i++) {
        p = lookup(a, 12, keys[i]);
        if (p == NULL)
            printf("key %d not found\n", keys[i]);
        else
            printf("key %d at index %d (from end %d)\n", keys[i], (int)(p - a), (int)(a + 12 - p));
    }
    p = &a[3];
    q = &a[9];
    d = q - p;
    printf("q-p=%d p-q=%d p<q=%d p>=q=%d p==q-6=%d\n", (int)d, (int)(p - q), p < q, p >= q, p == q - 6);
    pp = &p;
    advance(pp, 2);
    printf("after advance: *p=%d index=%d **pp=%d\n", *p, (int)(p - a), **pp);
    **pp = -1;
    printf("a[5]=%d\n", a[5]);

    /* members are laid out in declaration order */
    printf("tag<key: %d key<value: %d value<flags: %d &flags[2]-&flags[0]=%d\n",
           (char *)&r.tag < (char *)&r.key, (char *)&r.key < (char *)&r.value,
           (char *)&r.value < (char *)&r.flags[0], (int)(&r.flags[2] - &r.flags[0]));

    n = remove_all(a, 12, 8);
    printf("after remove n=%d:", n);
    for (i = 0; i < n; i++)
        printf(" %d", a[i]);
    putchar('\n');

    {
        const char *s = "difference";
        const char *e = s;
        while (*e)
            e++;
        printf("length via pointer difference=%d\n", (int)(e - s));
        printf("one past end compares: %d %d\n", e == s + 10, e > s);
    }
    {
        int *null1 = NULL, *null2 = 0;
        printf("NULL==NULL: %d !null1=%d (null1 ? 1 : 2)=%d\n", null1 == null2, !null1, null1 ? 1 : 2);
    }
    return (int)d * 10 + n;
}
