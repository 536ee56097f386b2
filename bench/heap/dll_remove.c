// kappa-entry: remove
// Unlinks p from a doubly-linked list whose links around p are consistent.
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct dnode { int val; struct dnode *prev, *next; };
__attribute__((nonnull)) int remove(struct dnode *p) {
    if (p->prev != NULL && p->prev->next != p)
        return -1;
    if (p->next != NULL && p->next->prev != p)
        return -1;
    if (p->prev != NULL)
        p->prev->next = p->next;
    if (p->next != NULL)
        p->next->prev = p->prev;
    p->prev = p->next = NULL;
    return 0;
}
