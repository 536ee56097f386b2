// kappa-expect: verdict=false
// lseg: nodes whose next points into a cycle but that are never linked into it (a lasso): the walk around the cycle counts fewer than were made
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
    struct node *head = malloc(sizeof *head);
    if (!head) abort();
    head->data = 1;
    head->next = head;
    int len = 1;
    while (__VERIFIER_nondet_int() && len < 1000) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = 1;
        n->next = head->next;
        len = len + 1;
    }
    int count = 0;
    struct node *p = head;
    do {
        count = count + 1;
        p = p->next;
    } while (p != head);
    __VERIFIER_assert(count == len);
    return 0;
}
