// kappa-expect: verdict=true
// class: list. a linked queue: 6 nondet operations, dequeued values come in order
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
    struct node *head = 0, *tail = 0;
    int in = 0, out = 0;
    for (int step = 0; step < 6; step++) {
        if (__VERIFIER_nondet_int()) {
            struct node *n = malloc(sizeof *n);
            if (!n) abort();
            n->v = in++; n->next = 0;
            if (tail) tail->next = n; else head = n;
            tail = n;
        } else if (head) {
            struct node *n = head;
            head = n->next; if (!head) tail = 0;
            assert(n->v == out);
            out++;
            free(n);
        }
    }
    return 0;
}
