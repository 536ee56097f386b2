#include <stdio.h>

/* A ring buffer with free-running unsigned indices (they wrap around
   at UINT_MAX and stay correct), used for breadth-first search. */

#define CAP 8u
#define NV 10

struct ring {
    int items[CAP];
    unsigned int head, tail; /* head - tail == number of items */
};

static int ring_push(struct ring *r, int v)
{
    if (r->head - r->tail == CAP)
        return 0;
    r->items[r->head++ % CAP] = v;
    return 1;
}

static int ring_pop(struct ring *r, int *v)
{
    if (r->head == r->tail)
        return 0;
    *v = r->items[r->tail++ % CAP];
    return 1;
}

static unsigned int ring_size(const struct ring *r)
{
    return r->head - r->tail;
}

static const unsigned char adj[NV][NV] = {
    {0, 1, 1, 0, 0, 0, 0, 0, 0, 0},
    {1, 0, 0, 1, 1, 0, 0, 0, 0, 0},
    {1, 0, 0, 0, 0, 1, 0, 0, 0, 0},
    {0, 1, 0, 0, 0, 0, 1, 0, 0, 0},
    {0, 1, 0, 0, 0, 0, 1, 1, 0, 0},
    {0, 0, 1, 0, 0, 0, 0, 0, 1, 0},
    {0, 0, 0, 1, 1, 0, 0, 0, 0, 1},
    {0, 0, 0, 0, 1, 0, 0, 0, 0, 1},
    {0, 0, 0, 0, 0, 1, 0, 0, 0, 0},
    {0, 0, 0, 0, 0, 0, 1, 1, 0, 0},
};

int main(void)
{
    struct ring r;
    int dist[NV], parent[NV];
    int i, v, pushed = 0, popped = 0, sum = 0;

    /* start the indices close to UINT_MAX to exercise wrap-around */
    r.head = r.tail = 0xFFFFFFFAu;
    for (i = 0; i < 20; i++) {
        if (ring_push(&r, i * i))
            pushed++;
        if (i % 3 == 2 && ring_pop(&r, &v)) {
            popped++;
            sum += v;
        }
    }
    printf("pushed=%d popped=%d size=%u head=%u tail=%u sum=%d\n",
           pushed, popped, ring_size(&r), r.head, r.tail, sum);
    while (ring_pop(&r, &v))
        printf("%d ", v);
    printf("\nempty size=%u\n", ring_size(&r));

    for (i = 0; i < NV; i++) {
        dist[i] = -1;
        parent[i] = -1;
    }
    dist[0] = 0;
    ring_push(&r, 0);
    while (ring_pop(&r, &v)) {
        int w;
        for (w = 0; w < NV; w++)
            if (adj[v][w] && dist[w] < 0) {
                dist[w] = dist[v] + 1;
                parent[w] = v;
                ring_push(&r, w);
            }
    }
    for (i = 0; i < NV; i++)
        printf("dist[%d]=%d parent=%d\n", i, dist[i], parent[i]);
    printf("path to 9:");
    for (v = 9; v != -1; v = parent[v])
        printf(" %d", v);
    putchar('\n');
    return dist[9] * 10 + dist[8];
}
