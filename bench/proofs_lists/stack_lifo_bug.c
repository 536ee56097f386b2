// kappa-expect: verdict=false
// class: list. stack_lifo expecting one less at the top
// failing-input: 1 0
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "stack_lifo_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

int main(void) {
    struct node *top = 0;
    int len = 0;
    while (__VERIFIER_nondet_int() && len < 1000000) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = len;
        n->next = top;
        top = n;
        len = len + 1;
    }
    int expect = len - 2;
    while (top) {
        struct node *t = top;
        __VERIFIER_assert(t->data == expect);
        top = t->next;
        free(t);
        expect = expect - 1;
    }
    __VERIFIER_assert(expect == -1);
    return 0;
}
