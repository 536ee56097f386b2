// kappa-expect: verdict=false
// class: list. dll_fwd linking prev only from the third node on
// failing-input: 1 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "dll_fwd_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct dnode { int data; struct dnode *next; struct dnode *prev; };

int main(void) {
    struct dnode *head = 0;
    int len = 0;
    while (__VERIFIER_nondet_int() && len < 1000000) {
        struct dnode *n = malloc(sizeof *n);
        if (!n) abort();
        n->data = 4;
        n->next = head;
        n->prev = 0;
        if (len > 1) head->prev = n;
        head = n;
        len = len + 1;
    }
    int count = 0;
    struct dnode *before = 0;
    for (struct dnode *p = head; p; p = p->next) {
        __VERIFIER_assert(p->prev == before);
        __VERIFIER_assert(p->data == 4);
        before = p;
        count = count + 1;
    }
    __VERIFIER_assert(count == len);
    return 0;
}
