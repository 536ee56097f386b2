// kappa-expect: verdict=true
// class: list. a doubly linked list of nondet length and nondet data in 0..100: prev links mirror next links, data in range
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dll_links.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next, *prev; };

int main(void) {
    struct node *head = 0;
    while (__VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v <= 100);
        n->data = v;
        n->next = head;
        n->prev = 0;
        if (head) head->prev = n;
        head = n;
    }
    struct node *last = 0;
    for (struct node *p = head; p; p = p->next) {
        __VERIFIER_assert(p->prev == last);
        __VERIFIER_assert(p->data >= 0 && p->data <= 100);
        last = p;
    }
    for (struct node *p = last; p; p = p->prev)
        __VERIFIER_assert(p->next == 0 || p->next->prev == p);
    return 0;
}
