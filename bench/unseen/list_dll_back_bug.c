// kappa-expect: verdict=false
// class: list. unseen (lead, 2026-12-02): written before the session's builds were measured
// failing-input: 1 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "list_dll_back_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }
struct node { int data; struct node *next, *prev; };
int main(void) {
  struct node *h = 0, *t = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof(struct node));
    if (!n) abort();
    n->data = 1; n->next = 0; n->prev = t;
    if (t) t->next = n; else h = n;
    t = n;
  }
  int f = 0, b = 0;
  for (struct node *p = h; p; p = p->next) f++;
  for (struct node *p = t; p && p->prev; p = p->prev) b++;
  __VERIFIER_assert(f == b || f == 0 || f == 1);
  return 0;
}
