// kappa-expect: verdict=true
// class: list. values in 0..1000 hashed into four bucket lists by v % 4; every node's data is in its bucket
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "buckets.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

struct node *bucket[4];

int main(void) {
    int total = 0;
    while (__VERIFIER_nondet_int() && total < 1000000) {
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v <= 1000);
        int b = v % 4;
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = v;
        n->next = bucket[b];
        bucket[b] = n;
        total = total + 1;
    }
    int seen = 0;
    for (int b = 0; b < 4; b++)
        for (struct node *p = bucket[b]; p; p = p->next) {
            __VERIFIER_assert(p->data % 4 == b);
            seen = seen + 1;
        }
    __VERIFIER_assert(seen == total);
    return 0;
}
