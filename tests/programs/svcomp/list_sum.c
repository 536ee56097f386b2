// kappa-expect: verdict=true
// every node holds a value in [1,10] and the list has at most 100 nodes, so len <= sum <= 10 * len during the traversal (no overflow)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "list_sum.c", 3, "reach_error"); }
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

typedef struct node {
    int data;
    struct node *next;
} *SLL;

int main(void)
{
    SLL head = NULL;
    SLL p;
    int len = 0, count = 0, sum = 0;

    while (len < 100 && __VERIFIER_nondet_int()) {
        int v = __VERIFIER_nondet_int();
        SLL n;
        __VERIFIER_assume(v >= 1 && v <= 10);
        n = malloc(sizeof(struct node));
        if (n == NULL)
            abort();
        n->data = v;
        n->next = head;
        head = n;
        len++;
    }
    for (p = head; p != NULL; p = p->next) {
        sum += p->data;
        count++;
        __VERIFIER_assert(count <= sum && sum <= 10 * count);
    }
    __VERIFIER_assert(count == len);
    while (head != NULL) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
