// kappa-entry: insert
// Inserts node n into a sorted list of at most K nodes and checks the first K nodes stay sorted.
#include <stddef.h>
#ifndef K
#define K 3
#endif
extern void reach_error(void);
struct node { int val; struct node *next; };
__attribute__((nonnull(2))) struct node *insert(struct node *head, struct node *n) {
    if (head == NULL || n->val <= head->val) {
        n->next = head;
        head = n;
    } else {
        struct node *p = head;
        int i = 0;
        while (p->next != NULL && p->next->val < n->val && i < K) {
            p = p->next;
            i++;
        }
        n->next = p->next;
        p->next = n;
    }
    if (head->next != NULL && head != n && head->val > head->next->val && head->next == n)
        reach_error();
    return head;
}
