// kappa-expect: verdict=false(unreach-call)
// unseen (audit10, 2026-12-04): a list of i*i appended at the tail; seven nodes sum to 91
// failing-input: 7
#include <stdlib.h>
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", __FILE__, __LINE__, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
struct node {
  int v;
  struct node *next;
};
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 8) return 0;
  struct node *head = NULL, *tail = NULL;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof *x);
    if (!x) abort();
    x->v = i * i;
    x->next = NULL;
    if (tail) tail->next = x; else head = x;
    tail = x;
  }
  int count = 0, sum = 0;
  for (struct node *p = head; p; p = p->next) {
    count++;
    sum += p->v;
  }
  if (count == 7 && sum == 91)
    reach_error();
  while (head) {
    struct node *t = head->next;
    free(head);
    head = t;
  }
  return 0;
}
