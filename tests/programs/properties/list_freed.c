// kappa-expect: property=valid-memsafety verdict=true
// a list of up to four nodes is built, walked and freed node by node
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int val; struct node *next; };
int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof(struct node));
    x->val = i;
    x->next = head;
    head = x;
  }
  int sum = 0;
  for (struct node *p = head; p; p = p->next) sum += p->val;
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return sum;
}
