// kappa-expect: verdict=false
// class: list. sorted_desc scanning past smaller values
// failing-input: 1 5 1 3 1 4 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sorted_desc_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

int main(void) {
    struct node *head = 0;
    int len = 0;
    while (__VERIFIER_nondet_int() && len < 1000) {
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v <= 100);
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = v;
        if (!head || head->data <= v) {
            n->next = head;
            head = n;
        } else {
            struct node *q = head;
            while (q->next && q->next->data < v) q = q->next;
            n->next = q->next;
            q->next = n;
        }
        len = len + 1;
    }
    for (struct node *p = head; p && p->next; p = p->next)
        __VERIFIER_assert(p->data >= p->next->data);
    return 0;
}
