// kappa-entry: reverse
// Reverses a list of at most K nodes (longer lists: their first K nodes) in place.
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct node { int val; struct node *next; };
struct node *reverse(struct node *head) {
    struct node *prev = NULL;
    int i = 0;
    while (head != NULL && i < K) {
        struct node *next = head->next;
        head->next = prev;
        prev = head;
        head = next;
        i++;
    }
    return prev;
}
