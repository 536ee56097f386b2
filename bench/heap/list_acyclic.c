// kappa-entry: acyclic
// Floyd's cycle detection, bounded to K steps of the fast pointer: 1 acyclic, 0 cyclic, -1
// undecided.
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct node { int val; struct node *next; };
int acyclic(struct node *l) {
    struct node *slow = l, *fast = l;
    int i = 0;
    while (i < K) {
        if (fast == NULL || fast->next == NULL)
            return 1;
        fast = fast->next->next;
        slow = slow->next;
        if (fast == slow)
            return 0;
        i++;
    }
    return -1;
}
