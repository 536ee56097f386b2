// kappa-expect: verdict=false
// as heap_pick_node, but the update through the picked pointer is wrong for one index only
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heap_pick_node_bug.c", 3, "reach_error"); }
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

int main(void)
{
    struct node *nodes[4];
    int k;
    for (k = 0; k < 4; k++) {
        nodes[k] = malloc(sizeof(struct node));
        if (nodes[k] == NULL)
            abort();
        nodes[k]->data = 3 * k;
        nodes[k]->next = k > 0 ? nodes[k - 1] : NULL;
    }
    int i = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i < 4);
    struct node *p = nodes[i];
    if (p->next != NULL)
        p->data = p->next->data + 3;
    __VERIFIER_assert(nodes[2]->data != 6 || i != 2);
    for (k = 0; k < 4; k++)
        free(nodes[k]);
    return 0;
}
