// kappa-expect: verdict=false
// lseg: a store after linking breaks the nodes' data (the first node gets 8): the field invariant must not be 7
// failing-input: 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lseg.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

int main(void) {
    struct node *head = 0;
    int len = 0;
    while (__VERIFIER_nondet_int() && len < 1000) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = 7;
        n->next = head;
        head = n;
        len = len + 1;
    }

    if (head) head->data = 8;
    for (struct node *p = head; p; p = p->next) __VERIFIER_assert(p->data == 7);
    return 0;
}
