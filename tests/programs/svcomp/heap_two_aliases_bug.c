// kappa-expect: verdict=false
// as heap_two_aliases, with an assertion that forgets the aliasing case
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_two_aliases_bug.c", 3, "reach_error"); }
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct cell { int v; int w; };

int main(void)
{
    struct cell *a = malloc(sizeof(struct cell));
    struct cell *b = malloc(sizeof(struct cell));
    struct cell *t[2];
    if (a == NULL || b == NULL)
        abort();
    a->v = 0;
    b->v = 0;
    t[0] = a;
    t[1] = b;
    int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i < 2 && j >= 0 && j < 2);
    struct cell *p = t[i], *q = t[j];
    p->v = 1;
    q->v = 2;
    __VERIFIER_assert(p->v == 1);
    free(a);
    free(b);
    return 0;
}
