// kappa-expect: verdict=false
// class: list. a linked stack whose pop forgets to unlink when two items remain
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
    struct node *top = 0;
    int size = 0;
    for (int step = 0; step < 6; step++) {
        if (__VERIFIER_nondet_int()) {
            struct node *n = malloc(sizeof *n);
            if (!n) abort();
            n->v = size; n->next = top; top = n; size++;
        } else if (top) {
            assert(top->v == size - 1);
            if (size != 2) top = top->next;
            size--;
        }
    }
    return 0;
}
