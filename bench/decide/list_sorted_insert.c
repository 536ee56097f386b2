// kappa-expect: verdict=true
// class: list. inserting up to 5 symbolic values in order keeps the list sorted
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
    for (int k = 0; k < 5 && __VERIFIER_nondet_int(); k++) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->v = __VERIFIER_nondet_int();
        struct node **pp = &head;
        while (*pp && (*pp)->v < n->v) pp = &(*pp)->next;
        n->next = *pp; *pp = n;
    }
    for (struct node *p = head; p && p->next; p = p->next) assert(p->v <= p->next->v);
    return 0;
}
