// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// the list's head is read after it was freed when n > 3
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int val; struct node *next; };
int main(void) {
  int n = __VERIFIER_nondet_int();
  struct node *a = malloc(sizeof(struct node));
  struct node *b = malloc(sizeof(struct node));
  a->val = n;
  a->next = b;
  b->val = 0;
  b->next = 0;
  free(b);
  int s = a->val;
  if (n > 3) {
    s += a->next->val;
  }
  free(a);
  return s > 100;
}
