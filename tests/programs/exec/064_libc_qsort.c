/* qsort and bsearch with comparators of the program (the model specialised per comparator). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct P { int k; char name[4]; };
static int by_k(const void *a, const void *b) { const struct P *x = a, *y = b; return (x->k > y->k) - (x->k < y->k); }
static int cmp_int(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }
int main(void) {
    int a[6] = {5, -2, 9, 0, 5, 3};
    qsort(a, 6, sizeof a[0], cmp_int);
    for (int i = 0; i < 6; i++) printf("%d ", a[i]);
    struct P ps[4] = {{3, "c"}, {1, "a"}, {3, "d"}, {2, "b"}};
    qsort(ps, 4, sizeof ps[0], &by_k);
    for (int i = 0; i < 4; i++) printf("%d%s ", ps[i].k, ps[i].name);
    int key = 5;
    int *f = bsearch(&key, a, 6, sizeof a[0], cmp_int);
    key = 4;
    printf("\n%ld %d\n", f ? (long)(f - a) : -1L, bsearch(&key, a, 6, sizeof a[0], cmp_int) == NULL);
    return 0;
}
