// kappa-expect: property=valid-memcleanup verdict=true
// the list is freed by a handler registered with atexit, which runs when main returns and when exit is called
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { int data; struct node *next; };
struct node *head;
static void cleanup(void) {
  while (head) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
}
int main(void) {
  atexit(cleanup);
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  for (int i = 0; i < n; i++) {
    struct node *p = malloc(sizeof *p);
    if (!p) exit(1);
    p->data = i;
    p->next = head;
    head = p;
  }
  if (n == 2) exit(0);
  return 0;
}
