/* Differential driver: qsort and bsearch on arrays made from standard input, with elements of
   1, 3, 4, 7, 8 and 16 bytes and pointers, several comparators (ascending, descending, on a key
   with ties, on a string), and arrays of 0 and 1 elements. C does not say how qsort orders
   elements its comparator finds equal, nor which of several equal elements bsearch finds: a
   comparator with ties prints only the keys, and bsearch searches arrays without duplicates
   (or prints only the key it found). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rec {
    int key;
    int id;
    char name[5];
};

static int cmp_uchar(const void *a, const void *b) {
    return *(const unsigned char *)a - *(const unsigned char *)b;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

static int cmp_int_desc(const void *a, const void *b) {
    return cmp_int(b, a);
}

static int cmp_llong_desc(const void *a, const void *b) {
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x < y) - (x > y);
}

static int cmp_mem3(const void *a, const void *b) {
    return memcmp(a, b, 3);
}

static int cmp_str7(const void *a, const void *b) {
    return strcmp(a, b);
}

static int cmp_ptr(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Ties: records with the same key compare equal. */
static int cmp_rec_key(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    return (x->key > y->key) - (x->key < y->key);
}

static int cmp_rec_total(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    int c = cmp_rec_key(a, b);
    return c != 0 ? c : (x->id > y->id) - (x->id < y->id);
}

/* Ties: values with the same absolute value compare equal. */
static int cmp_abs(const void *a, const void *b) {
    int x = abs(*(const int *)a), y = abs(*(const int *)b);
    return (x > y) - (x < y);
}

static void show_ints(const char *what, const int *v, size_t n) {
    printf("%s", what);
    for (size_t i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

int main(void) {
    unsigned char in[48] = {0};
    size_t n = fread(in, 1, sizeof in - 1, stdin);

    /* Bytes; then the distinct ones, searched for every byte value seen and a few absent. */
    unsigned char bytes[48];
    memcpy(bytes, in, sizeof bytes);
    qsort(bytes, n, 1, cmp_uchar);
    size_t u = 0;
    for (size_t i = 0; i < n; i++)
        if (u == 0 || bytes[u - 1] != bytes[i])
            bytes[u++] = bytes[i];
    printf("bytes");
    for (size_t i = 0; i < u; i++)
        printf(" %d", bytes[i]);
    printf("\n");
    for (int k = 0; k < 256; k += 17) {
        unsigned char key = (unsigned char)(k + (n ? in[0] : 0));
        unsigned char *f = bsearch(&key, bytes, u, 1, cmp_uchar);
        printf("%ld ", f ? (long)(f - bytes) : -1L);
    }
    printf("\n");

    /* ints, ascending and descending; then every element and its neighbours searched. */
    int ints[48];
    for (size_t i = 0; i < n; i++)
        ints[i] = (in[i] * 37 + (int)i * 11) % 200 - 100;
    qsort(ints, n, sizeof ints[0], cmp_int_desc);
    show_ints("desc", ints, n);
    qsort(ints, n, sizeof ints[0], cmp_int);
    show_ints("asc", ints, n);
    size_t d = 0;
    for (size_t i = 0; i < n; i++)
        if (d == 0 || ints[d - 1] != ints[i])
            ints[d++] = ints[i];
    for (size_t i = 0; i < d; i++) {
        int keys[3] = {ints[i], ints[i] + 1, ints[i] - 1};
        for (int j = 0; j < 3; j++) {
            int *f = bsearch(&keys[j], ints, d, sizeof ints[0], cmp_int);
            printf("%ld ", f ? (long)(f - ints) : -1L);
        }
    }
    printf("\n");

    /* Ties: only the order of the absolute values is C's; bsearch prints the key it found. */
    int signs[48];
    for (size_t i = 0; i < n; i++)
        signs[i] = (in[i] % 7) * (in[i] & 1 ? -1 : 1);
    qsort(signs, n, sizeof signs[0], cmp_abs);
    printf("abs");
    for (size_t i = 0; i < n; i++)
        printf(" %d", abs(signs[i]));
    printf("\n");
    for (int k = -7; k <= 7; k++) {
        int *f = bsearch(&k, signs, n, sizeof signs[0], cmp_abs);
        printf("%d ", f ? abs(*f) : -1);
    }
    printf("\n");

    /* long long (8 bytes), descending. */
    long long ll[16];
    size_t nl = n / 3;
    for (size_t i = 0; i < nl; i++)
        ll[i] = ((long long)in[3 * i] << 40) - ((long long)in[3 * i + 1] << 20) + in[3 * i + 2];
    qsort(ll, nl, sizeof ll[0], cmp_llong_desc);
    printf("llong");
    for (size_t i = 0; i < nl; i++)
        printf(" %lld", ll[i]);
    printf("\n");

    /* 3-byte elements compared with memcmp (duplicates are identical bytes). */
    unsigned char tri[48];
    memcpy(tri, in, sizeof tri);
    qsort(tri, n / 3, 3, cmp_mem3);
    printf("tri");
    for (size_t i = 0; i < n / 3 * 3; i++)
        printf(" %d", tri[i]);
    printf("\n");

    /* 7-byte strings: the input cut into pieces of up to 6 characters. */
    char str[8][7];
    memset(str, 0, sizeof str);
    size_t ns = 0;
    for (size_t i = 0; i < n && ns < 8; i += 6, ns++)
        memcpy(str[ns], in + i, n - i < 6 ? n - i : 6);
    qsort(str, ns, 7, cmp_str7);
    for (size_t i = 0; i < ns; i++)
        printf("str [%s]\n", str[i]);
    for (size_t i = 0; i < ns; i++) {
        char *f = bsearch(str[i], str, ns, 7, cmp_str7);
        printf("found [%s] ", f ? f : "-");
    }
    char none[7] = "~~~~~~";
    printf("%d\n", bsearch(none, str, ns, 7, cmp_str7) == NULL);

    /* Pointers to the same pieces, sorted by the strings they point to. */
    const char *ptrs[8];
    for (size_t i = 0; i < ns; i++)
        ptrs[i] = str[ns - 1 - i];
    qsort(ptrs, ns, sizeof ptrs[0], cmp_ptr);
    for (size_t i = 0; i < ns; i++)
        printf("ptr [%s]\n", ptrs[i]);

    /* 16-byte records: by key alone (ties: keys only), then by key and id (a total order). */
    struct rec recs[24];
    memset(recs, 0, sizeof recs);
    size_t nr = n / 2;
    for (size_t i = 0; i < nr; i++) {
        recs[i].key = in[2 * i] % 5;
        recs[i].id = in[2 * i + 1];
        memcpy(recs[i].name, in + 2 * i, 2);
    }
    qsort(recs, nr, sizeof recs[0], cmp_rec_key);
    printf("rec keys");
    for (size_t i = 0; i < nr; i++)
        printf(" %d", recs[i].key);
    printf("\n");
    qsort(recs, nr, sizeof recs[0], cmp_rec_total);
    for (size_t i = 0; i < nr; i++)
        printf("rec %d %d [%s]\n", recs[i].key, recs[i].id, recs[i].name);
    struct rec probe = {2, 'a', ""};
    struct rec *f = bsearch(&probe, recs, nr, sizeof recs[0], cmp_rec_key);
    printf("rec found %d\n", f ? f->key : -1);

    /* Empty and one-element arrays. */
    int one = n ? in[0] : 0;
    qsort(&one, 0, sizeof one, cmp_int);
    qsort(&one, 1, sizeof one, cmp_int);
    int *g = bsearch(&one, &one, 0, sizeof one, cmp_int);
    int *h = bsearch(&one, &one, 1, sizeof one, cmp_int);
    printf("small %d %d %d\n", one, g == NULL, h == &one);
    return 0;
}
