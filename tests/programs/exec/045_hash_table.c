#include <stdio.h>
#include <stdlib.h>

/* An open-addressing hash table (linear probing, tombstones) with
   string keys copied into fixed-size slots; counts word frequencies. */

#define SLOTS 32
#define KEYLEN 12

enum state { EMPTY, USED, DELETED };

struct slot {
    char key[KEYLEN];
    int count;
    unsigned char state;
};

struct table {
    struct slot *slots;
    int used;
    int probes;
};

static unsigned int hash(const char *s, int n)
{
    unsigned int h = 0;
    int i;
    for (i = 0; i < n; i++) {
        h += (unsigned char)s[i];
        h += h << 10;
        h ^= h >> 6;
    }
    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    return h;
}

static int key_eq(const char *a, const char *b, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return a[n] == '\0';
}

static struct slot *find(struct table *t, const char *k, int n, int insert)
{
    unsigned int i = hash(k, n) % SLOTS;
    struct slot *tomb = NULL;
    int step;
    for (step = 0; step < SLOTS; step++, i = (i + 1) % SLOTS) {
        struct slot *s = &t->slots[i];
        t->probes++;
        if (s->state == EMPTY) {
            if (!insert)
                return NULL;
            if (tomb)
                s = tomb;
            {
                int j;
                for (j = 0; j < n && j < KEYLEN - 1; j++)
                    s->key[j] = k[j];
                s->key[j] = '\0';
            }
            s->count = 0;
            s->state = USED;
            t->used++;
            return s;
        }
        if (s->state == DELETED) {
            if (!tomb)
                tomb = s;
            continue;
        }
        if (key_eq(s->key, k, n))
            return s;
    }
    return NULL;
}

static int erase(struct table *t, const char *k, int n)
{
    struct slot *s = find(t, k, n, 0);
    if (!s)
        return 0;
    s->state = DELETED;
    t->used--;
    return 1;
}

int main(void)
{
    const char *text = "the cat and the dog and the bird saw a cat chase a dog while the bird sang";
    struct table t;
    const char *p = text;
    int i, words = 0, max = 0;
    const char *queries[] = {"the", "cat", "bird", "fish", "sang", "and"};

    t.slots = calloc(SLOTS, sizeof(struct slot));
    if (!t.slots)
        return 1;
    t.used = 0;
    t.probes = 0;
    while (*p) {
        const char *start;
        while (*p == ' ')
            p++;
        start = p;
        while (*p && *p != ' ')
            p++;
        if (p > start) {
            struct slot *s = find(&t, start, (int)(p - start), 1);
            if (s) {
                s->count++;
                words++;
            }
        }
    }
    printf("words=%d distinct=%d\n", words, t.used);
    for (i = 0; i < 6; i++) {
        int n = 0;
        struct slot *s;
        while (queries[i][n])
            n++;
        s = find(&t, queries[i], n, 0);
        printf("%-5s -> %d\n", queries[i], s ? s->count : 0);
    }
    printf("erase cat=%d ", erase(&t, "cat", 3));
    printf("erase fish=%d\n", erase(&t, "fish", 4));
    printf("cat after erase -> %d, used=%d\n", find(&t, "cat", 3, 0) != NULL, t.used);
    find(&t, "cow", 3, 1)->count = 42;
    for (i = 0; i < SLOTS; i++) {
        if (t.slots[i].state == USED) {
            printf("[%2d] %s=%d\n", i, t.slots[i].key, t.slots[i].count);
            if (t.slots[i].count > max)
                max = t.slots[i].count;
        } else if (t.slots[i].state == DELETED) {
            printf("[%2d] <deleted>\n", i);
        }
    }
    printf("hash(\"kappa\")=%u probes=%d\n", hash("kappa", 5), t.probes);
    free(t.slots);
    return max;
}
