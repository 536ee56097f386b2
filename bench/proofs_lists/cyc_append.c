// kappa-expect: verdict=true
// class: list. a circular list built by appending after its tail (node i holds i), walked once around from the head: each node holds its index, the count is the length
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cyc_append.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

int main(void) {
    struct node *head = malloc(sizeof *head);
    if (!head) abort();
    head->data = 0;
    head->next = head;
    struct node *tail = head;
    int len = 1;
    while (__VERIFIER_nondet_int() && len < 1000000) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = len;
        n->next = head;
        tail->next = n;
        tail = n;
        len = len + 1;
    }
    int i = 0;
    struct node *p = head;
    do {
        __VERIFIER_assert(p->data == i);
        i = i + 1;
        p = p->next;
    } while (p != head);
    __VERIFIER_assert(i == len);
    return 0;
}
