// kappa-expect: verdict=true
// class: list. a circular list with a sentinel node, nodes (data 3) inserted after the sentinel, walked once around from the sentinel's successor: each node checked, the count is the length
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cyc_sentinel.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

int main(void) {
    struct node *s = malloc(sizeof *s);
    if (!s) abort();
    s->data = 3;
    s->next = s;
    int len = 0;
    while (__VERIFIER_nondet_int() && len < 1000000) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = len < 1000000 ? 3 : 2;
        n->next = s->next;
        s->next = n;
        len = len + 1;
    }
    int count = 0;
    for (struct node *p = s->next; p != s; p = p->next) {
        __VERIFIER_assert(p->data == 3);
        count = count + 1;
    }
    __VERIFIER_assert(count == len);
    return 0;
}
