// kappa-expect: verdict=false
// as heap_bucket_table, but the bucket is chosen with an off-by-one modulus for keys above 90
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_bucket_table_bug.c", 3, "reach_error"); }
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct entry { int key; struct entry *next; };

int main(void)
{
    struct entry *bucket[3] = { NULL, NULL, NULL };
    int n, k;
    for (n = 0; n < 3; n++) {
        int key = __VERIFIER_nondet_int();
        __VERIFIER_assume(key >= 0 && key < 100);
        struct entry *e = malloc(sizeof(struct entry));
        if (e == NULL)
            abort();
        e->key = key;
        int h = key > 90 ? (key + 1) % 3 : key % 3;
        e->next = bucket[h];
        bucket[h] = e;
    }
    for (k = 0; k < 3; k++) {
        struct entry *e;
        for (e = bucket[k]; e != NULL; e = e->next)
            __VERIFIER_assert(e->key % 3 == k);
    }
    return 0;
}
