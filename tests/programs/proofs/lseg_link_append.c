// kappa-expect: verdict=true
// lseg: a list appended at its end through a link (struct node **pp walks to the last next field), walked: data 7, the count is the length
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
        n->next = 0;
        struct node **pp = &head;
        while (*pp) pp = &(*pp)->next;
        *pp = n;
        len = len + 1;
    }
    int count = 0;
    for (struct node *p = head; p; p = p->next) {
        __VERIFIER_assert(p->data == 7);
        count = count + 1;
    }
    __VERIFIER_assert(count == len);
    return 0;
}
