// kappa-expect: verdict=true
// reversing a list of nondet length twice restores the order: the values read back are 0, 1, 2, ... in order
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "list_reverse.c", 3, "reach_error"); }
#include <stdlib.h>
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node {
    int value;
    struct node *next;
};

static struct node *reverse(struct node *l)
{
    struct node *prev = NULL;
    while (l) {
        struct node *next = l->next;
        l->next = prev;
        prev = l;
        l = next;
    }
    return prev;
}

int main(void)
{
    struct node *head = NULL, *tail = NULL, *p;
    int n = 0, expected;

    while (n < 20 && __VERIFIER_nondet_int()) {
        struct node *x = malloc(sizeof *x);
        if (!x)
            abort();
        x->value = n++;
        x->next = NULL;
        if (tail)
            tail->next = x;
        else
            head = x;
        tail = x;
    }
    head = reverse(reverse(head));
    expected = 0;
    for (p = head; p; p = p->next)
        __VERIFIER_assert(p->value == expected++);
    __VERIFIER_assert(expected == n);
    while (head) {
        p = head->next;
        free(head);
        head = p;
    }
    return 0;
}
