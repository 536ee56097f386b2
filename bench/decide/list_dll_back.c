// kappa-expect: verdict=true
// class: list. a doubly-linked list of up to 5 nodes walked forward and back has the same length
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
struct dn { int v; struct dn *prev, *next; };
int main(void) {
    struct dn *head = 0, *tail = 0;
    int len = 0;
    while (len < 5 && __VERIFIER_nondet_int()) {
        struct dn *n = malloc(sizeof *n);
        if (!n) abort();
        n->v = len; n->next = 0; n->prev = tail;
        if (tail) tail->next = n; else head = n;
        tail = n; len++;
    }
    int f = 0, b = 0;
    for (struct dn *p = head; p; p = p->next) f++;
    for (struct dn *p = tail; p; p = p->prev) { b++; assert(p->v == len - b); }
    assert(f == len && b == len);
    return 0;
}
