// kappa-entry: search
// Linear search for v in the first K + 1 nodes, summing what it passes.
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct node { int val; struct node *next; };
int search(struct node *l, int v) {
    int sum = 0, i = 0;
    while (l != NULL && i < K + 1) {
        if (l->val == v)
            return sum;
        sum += l->val;
        l = l->next;
        i++;
    }
    return -1;
}
