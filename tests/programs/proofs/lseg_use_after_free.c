// kappa-expect: verdict=unknown
// lseg: the first node is freed and then read through a copy of its pointer
// undefined behaviour (a read of freed memory) on input: 1 0
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

    int count = 0;
    struct node *q = 0;
    while (head) {
        q = head;
        head = head->next;
        free(q);
        count = count + 1;
    }
    if (q) __VERIFIER_assert(q->data == 7 && count == len);
    return 0;
}
