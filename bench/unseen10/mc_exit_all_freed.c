// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=true
// unseen (audit10, 2026-12-04): every exit goes through a handler that frees the global list first
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
  int v;
  struct node *next;
};
struct node *g_head;
void cleanup_and_exit(int code) {
  while (g_head) {
    struct node *t = g_head->next;
    free(g_head);
    g_head = t;
  }
  exit(code);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) cleanup_and_exit(2);
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof *x);
    if (!x) cleanup_and_exit(1);
    x->v = i;
    x->next = g_head;
    g_head = x;
  }
  if (__VERIFIER_nondet_int()) cleanup_and_exit(0);
  cleanup_and_exit(3);
  return 0;
}
