// kappa-entry: delete
// Removes the first node holding v among the first K nodes of a list.
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct node { int val; struct node *next; };
struct node *delete(struct node *head, int v) {
    struct node *prev = NULL, *p = head;
    int i = 0;
    while (p != NULL && i < K) {
        if (p->val == v) {
            if (prev == NULL)
                head = p->next;
            else
                prev->next = p->next;
            return head;
        }
        prev = p;
        p = p->next;
        i++;
    }
    return head;
}
