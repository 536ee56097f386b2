// kappa-expect: verdict=false
// lseg: a list closed into a cycle (its last node's next set to the first): a walk bounded by the length + 1 counts past the length
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
    struct node *head = 0, *tail = 0;
    int len = 0;
    while (__VERIFIER_nondet_int() && len < 1000) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = 7;
        n->next = head;
        if (!tail) tail = n;
        head = n;
        len = len + 1;
    }
    if (tail) tail->next = head;
    int count = 0;
    for (struct node *p = head; p && count <= len; p = p->next) count = count + 1;
    __VERIFIER_assert(count <= len);
    return 0;
}
