// kappa-expect: verdict=true
// class: list. a list of up to 6 nodes with values in 1..10, walked: the sum is between the length and ten times it
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
    int sum = 0, cnt = 0;
    for (struct node *p = head; p; p = p->next) { sum += p->v; cnt++; }
    assert(cnt == len && sum >= len && sum <= 10 * len);
    return 0;
}
