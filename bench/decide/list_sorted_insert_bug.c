// kappa-expect: verdict=false
// class: list. inserting in order, but a new value equal to the head goes to the end
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
    for (int k = 0; k < 4 && __VERIFIER_nondet_int(); k++) {
        struct node *n = malloc(sizeof *n);
        if (!n) abort();
        n->v = __VERIFIER_nondet_int();
        struct node **pp = &head;
        if (head && head->v == n->v) { while (*pp) pp = &(*pp)->next; }
        else { while (*pp && (*pp)->v < n->v) pp = &(*pp)->next; }
        n->next = *pp; *pp = n;
    }
    for (struct node *p = head; p && p->next; p = p->next) assert(p->v <= p->next->v);
    return 0;
}
