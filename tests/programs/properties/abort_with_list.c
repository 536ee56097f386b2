// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=false(valid-memcleanup)
// abort() ends the program with a list of up to three nodes allocated: still reachable from main's frame (tracked), not freed (not cleaned up)
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 3) return 0;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof(struct node));
    x->val = i;
    x->next = head;
    head = x;
  }
  if (head->val == 2) abort();
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
