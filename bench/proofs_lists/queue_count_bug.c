// kappa-expect: verdict=false
// class: list. queue_count counting the drained values from 1
// failing-input: 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "queue_count_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

struct node *qhead = 0, *qtail = 0;

void enqueue(int v) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->data = v;
    n->next = 0;
    if (qtail) qtail->next = n; else qhead = n;
    qtail = n;
}

int dequeue(void) {
    struct node *n = qhead;
    int v = n->data;
    qhead = n->next;
    if (qhead == 0) qtail = 0;
    free(n);
    return v;
}

int main(void) {
    int put = 0;
    while (__VERIFIER_nondet_int() && put < 1000000) {
        enqueue(5);
        put = put + 1;
    }
    int got = 1;
    while (qhead) {
        int v = dequeue();
        __VERIFIER_assert(v == 5);
        got = got + 1;
    }
    __VERIFIER_assert(got == put);
    return 0;
}
