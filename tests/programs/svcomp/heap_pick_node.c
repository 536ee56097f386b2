// kappa-expect: verdict=true
// a node picked from a table of four by a nondet index is updated through the pointer; exactly that node changed (one path per index without POSE's ite-terms over the candidates)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_pick_node.c", 3, "reach_error"); }
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

int main(void)
{
    struct node *nodes[4];
    int k, sum = 0;
    for (k = 0; k < 4; k++) {
        nodes[k] = malloc(sizeof(struct node));
        if (nodes[k] == NULL)
            abort();
        nodes[k]->data = k;
        nodes[k]->next = k > 0 ? nodes[k - 1] : NULL;
    }
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i < 4);
    struct node *p = nodes[i];
    p->data += 10;
    for (k = 0; k < 4; k++)
        sum += nodes[k]->data;
    __VERIFIER_assert(sum == 16);
    __VERIFIER_assert(nodes[i]->data == i + 10);
    for (k = 0; k < 4; k++)
        free(nodes[k]);
    return 0;
}
