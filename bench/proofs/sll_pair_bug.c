// kappa-expect: verdict=false
// class: list. sll_pair computing b wrongly for negative a
// held-out
// failing-input: 1 -1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sll_pair_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int a; int b; struct node *next; };

int main(void) {
    struct node *head = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->a = __VERIFIER_nondet_int();
        __VERIFIER_assume(n->a >= -1000 && n->a <= 1000);
        n->b = n->a < 0 ? 2 * n->a - 1 : 2 * n->a + 1;
        n->next = head;
        head = n;
    }
    for (struct node *p = head; p; p = p->next)
        __VERIFIER_assert(p->b == 2 * p->a + 1);
    return 0;
}
