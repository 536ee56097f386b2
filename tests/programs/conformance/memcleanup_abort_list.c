// kappa-expect: property=valid-memcleanup verdict=false
// a list of nondet length is built; the walk calls reach_error (abort) on the first node, so the list is still allocated when the program terminates
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }
struct node { int data; struct node *next; };
int main(void) {
  struct node *head = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *p = malloc(sizeof *p);
    if (!p) break;
    p->data = 1;
    p->next = head;
    head = p;
  }
  for (struct node *p = head; p; p = p->next) {
    if (p->data == 1) reach_error();
  }
  while (head) {
    struct node *q = head->next;
    free(head);
    head = q;
  }
  return 0;
}
