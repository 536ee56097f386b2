// kappa-expect: verdict=true
// class: list. a queue filled with 0, 1, 2, ... for a nondet time, then emptied: values come out in order
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "queue_fifo.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct node { int data; struct node *next; };

struct node *front = 0, *back = 0;

void enqueue(int v) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->data = v;
    n->next = 0;
    if (back) back->next = n; else front = n;
    back = n;
}

int dequeue(void) {
    struct node *n = front;
    int v = n->data;
    front = n->next;
    if (!front) back = 0;
    free(n);
    return v;
}

int main(void) {
    int k = 0;
    while (__VERIFIER_nondet_int() && k < 1000000) {
        enqueue(k);
        k = k + 1;
    }
    int expect = 0;
    while (front) {
        int v = dequeue();
        __VERIFIER_assert(v == expect);
        expect = expect + 1;
    }
    __VERIFIER_assert(expect == k);
    return 0;
}
