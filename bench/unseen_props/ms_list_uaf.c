// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// unseen (lead, 2026-12-02): a list is freed node by node reading the next pointer after the free
// failing-input: 0
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *h = 0;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->v = i; n->next = h; h = n;
  }
  while (h) {
    free(h);
    h = h->next;
  }
  return 0;
}
