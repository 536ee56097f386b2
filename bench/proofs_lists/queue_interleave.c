// kappa-expect: verdict=true
// class: list. a queue in globals with a size counter, enqueue and dequeue interleaved nondeterministically: every value is 2, the queue is empty exactly when its size is 0
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "queue_interleave.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

struct node *qhead = 0, *qtail = 0;
int size = 0;

void enqueue(int v) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->data = v;
    n->next = 0;
    if (qtail) qtail->next = n; else qhead = n;
    qtail = n;
    size = size + 1;
}

int dequeue(void) {
    struct node *n = qhead;
    int v = n->data;
    qhead = n->next;
    if (qhead == 0) qtail = 0;
    free(n);
    size = size - 1;
    return v;
}

int main(void) {
    int steps = 0;
    while (__VERIFIER_nondet_int() && steps < 1000000) {
        if (__VERIFIER_nondet_int()) {
            enqueue(2);
        } else if (qhead) {
            int v = dequeue();
            __VERIFIER_assert(v == 2);
        }
        __VERIFIER_assert((qhead == 0) == (size == 0));
        steps = steps + 1;
    }
    return 0;
}
