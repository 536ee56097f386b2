// kappa-expect: property=valid-memsafety verdict=true
// kappa-expect: property=valid-memcleanup verdict=false(valid-memcleanup)
// held-out (audit10, 2026-12-04): the error handler frees one global block and exits; the global list stays allocated
// failing-input: 2 7
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
  int v;
  struct node *next;
};
int *g_buf;
struct node *g_list;
void fail(void) {
  free(g_buf);
  exit(1);
}
int main(void) {
  g_buf = malloc(4 * sizeof(int));
  if (!g_buf) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) n = 0;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof *x);
    if (!x) fail();
    x->v = i;
    x->next = g_list;
    g_list = x;
  }
  if (__VERIFIER_nondet_int() == 7) fail();
  while (g_list) {
    struct node *t = g_list->next;
    free(g_list);
    g_list = t;
  }
  free(g_buf);
  return 0;
}
