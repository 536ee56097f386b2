// kappa-expect: property=valid-memsafety verdict=true
// unseen (lead, 2026-12-02): a list of up to five nodes built, summed and freed correctly
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int v; struct node *next; };
int main(void) {
  struct node *h = 0;
  int len = 0;
  while (len < 5 && __VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->v = __VERIFIER_nondet_int(); n->next = h; h = n; len++;
  }
  long s = 0;
  for (struct node *p = h; p; p = p->next) s += p->v;
  while (h) { struct node *t = h->next; free(h); h = t; }
  return (int)(s & 1);
}
