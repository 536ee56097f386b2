// kappa-expect: property=valid-memsafety verdict=false(valid-memtrack)
// held-out (audit10, 2026-12-04): skipping the head of a list loses the node (n = 4: the head holds 3)
// failing-input: 4
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
  int v;
  struct node *next;
};
int main(void) {
  struct node *head = NULL;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof *x);
    if (!x) break;
    x->v = i;
    x->next = head;
    head = x;
  }
  if (head && head->v == 3)
    head = head->next;
  while (head) {
    struct node *t = head->next;
    free(head);
    head = t;
  }
  return 0;
}
