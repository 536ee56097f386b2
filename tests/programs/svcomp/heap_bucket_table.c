// kappa-expect: verdict=true
// a small hash table of three bucket lists: nondet keys inserted at the head of their bucket, then every bucket's list holds only keys of that bucket
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_bucket_table.c", 3, "reach_error"); }
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
        e->next = bucket[key % 3];
        bucket[key % 3] = e;
    }
    int count = 0;
    for (k = 0; k < 3; k++) {
        struct entry *e;
        for (e = bucket[k]; e != NULL; e = e->next) {
            __VERIFIER_assert(e->key % 3 == k);
            count++;
        }
    }
    __VERIFIER_assert(count == 3);
    return 0;
}
