// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=true
// unseen (audit10, 2026-12-04): a doubly linked list; nodes with odd values unlinked and freed, then the rest
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct dn {
  int v;
  struct dn *prev, *next;
};
int main(void) {
  struct dn *head = NULL, *tail = NULL;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  for (int i = 0; i < n; i++) {
    struct dn *x = malloc(sizeof *x);
    if (!x) break;
    x->v = __VERIFIER_nondet_int();
    x->next = NULL;
    x->prev = tail;
    if (tail) tail->next = x; else head = x;
    tail = x;
  }
  struct dn *p = head;
  while (p) {
    struct dn *nx = p->next;
    if (p->v % 2 != 0) {
      if (p->prev) p->prev->next = p->next; else head = p->next;
      if (p->next) p->next->prev = p->prev; else tail = p->prev;
      free(p);
    }
    p = nx;
  }
  while (head) {
    struct dn *t = head->next;
    free(head);
    head = t;
  }
  return 0;
}
