// kappa-expect: verdict=false
// class: list. the same list, with a check that fails once five nodes hold 10
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
struct node { int v; struct node *next; };
int main(void) {
    struct node *head = 0;
    int len = 0;
    while (len < 6 && __VERIFIER_nondet_int()) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->v = __VERIFIER_nondet_int();
        __VERIFIER_assume(n->v >= 1 && n->v <= 10);
        n->next = head; head = n; len++;
    }
    int sum = 0;
    for (struct node *p = head; p; p = p->next) sum += p->v;
    assert(sum < 50);
    return 0;
}
