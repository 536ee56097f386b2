// kappa-entry: sorted
// Is the list sorted within its first K + 1 nodes?
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct node { int val; struct node *next; };
int sorted(struct node *l) {
    int i = 0;
    while (l != NULL && l->next != NULL && i < K) {
        if (l->val > l->next->val)
            return 0;
        l = l->next;
        i++;
    }
    return 1;
}
