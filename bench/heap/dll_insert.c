// kappa-entry: insert_after
// Inserts n after p in a doubly-linked list and checks the links around it.
#include <stddef.h>
#ifndef K
#define K 3
#endif
extern void reach_error(void);
struct dnode { int val; struct dnode *prev, *next; };
__attribute__((nonnull)) void insert_after(struct dnode *p, struct dnode *n) {
    n->prev = p;
    n->next = p->next;
    if (p->next != NULL)
        p->next->prev = n;
    p->next = n;
    if (n->prev->next != n)
        reach_error();
    if (n->next != NULL && n->next->prev != n && n->next != n)
        reach_error();
}
