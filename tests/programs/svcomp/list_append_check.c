// kappa-expect: verdict=false
// the list is filled with data 1, but when the nondet flag is set a node with data 3 is appended, which the final check rejects
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "list_append_check.c", 3, "reach_error"); }
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

typedef struct node {
    int h;
    struct node *n;
} *List;

int main(void)
{
    List a = (List)malloc(sizeof(struct node));
    List t, p;
    if (a == 0)
        abort();
    a->h = 1;
    a->n = 0;
    p = a;
    while (__VERIFIER_nondet_int()) {
        t = (List)malloc(sizeof(struct node));
        if (t == 0)
            abort();
        t->h = 1;
        t->n = 0;
        p->n = t;
        p = t;
    }
    if (__VERIFIER_nondet_int()) {
        t = (List)malloc(sizeof(struct node));
        if (t == 0)
            abort();
        t->h = 3;
        t->n = 0;
        p->n = t;
    }
    p = a;
    while (p != 0) {
        __VERIFIER_assert(p->h == 1);
        p = p->n;
    }
    while (a != 0) {
        t = a->n;
        free(a);
        a = t;
    }
    return 0;
}
