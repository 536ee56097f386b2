#include <stdio.h>
#include <stdlib.h>

/* A growable array implemented with malloc/calloc/free (manual copy on
   growth), plus a calloc'd histogram that relies on zero-filling. */

struct vec {
    long *data;
    size_t len, cap;
    int grows;
};

static void vec_push(struct vec *v, long x)
{
    if (v->len == v->cap) {
        size_t ncap = v->cap ? v->cap * 2 : 2;
        long *nd = malloc(ncap * sizeof(long));
        size_t i;
        if (!nd)
            exit(2);
        for (i = 0; i < v->len; i++)
            nd[i] = v->data[i];
        free(v->data);
        v->data = nd;
        v->cap = ncap;
        v->grows++;
    }
    v->data[v->len++] = x;
}

static long vec_pop(struct vec *v)
{
    return v->data[--v->len];
}

int main(void)
{
    struct vec v = {NULL, 0, 0, 0};
    unsigned int *hist;
    int *zeros;
    size_t i;
    long x = 27, sum = 0;
    int steps = 0;

    /* Collatz trajectory of 27 */
    while (x != 1) {
        vec_push(&v, x);
        x = (x % 2) ? 3 * x + 1 : x / 2;
        steps++;
    }
    vec_push(&v, 1);
    printf("steps=%d len=%zu cap=%zu grows=%d\n", steps, v.len, v.cap, v.grows);
    for (i = 0; i < v.len; i++)
        if (v.data[i] > sum)
            sum = v.data[i];
    printf("max=%ld last5:", sum);
    for (i = 0; i < 5; i++)
        printf(" %ld", vec_pop(&v));
    putchar('\n');

    hist = calloc(10, sizeof *hist);
    if (!hist)
        return 3;
    for (i = 0; i < v.len; i++)
        hist[v.data[i] % 10]++;
    printf("last digit histogram:");
    for (i = 0; i < 10; i++)
        printf(" %u", hist[i]);
    putchar('\n');

    zeros = calloc(1000, sizeof(int));
    if (!zeros)
        return 4;
    sum = 0;
    for (i = 0; i < 1000; i++)
        sum += zeros[i];
    zeros[999] = 5;
    printf("calloc sum=%ld last=%d\n", sum, zeros[999]);

    free(zeros);
    free(hist);
    free(v.data);
    free(NULL); /* allowed, does nothing */
    return steps % 256;
}
