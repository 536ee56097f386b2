// kappa-expect: verdict=true
// class: list. a list of pairs (key 1 or 2, value 10) pushed at its front, walked: every pair checked, the keys counted per value add up to the length
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "pair_fields.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct pair { int key; int value; struct pair *next; };

int main(void) {
    struct pair *head = 0;
    int len = 0;
    while (__VERIFIER_nondet_int() && len < 1000000) {
        struct pair *n = malloc(sizeof *n);
        if (!n) abort();
        n->key = __VERIFIER_nondet_int() ? 1 : 2;
        n->value = 10;
        n->next = head;
        head = n;
        len = len + 1;
    }
    int ones = 0, twos = 0;
    for (struct pair *p = head; p; p = p->next) {
        __VERIFIER_assert(p->value == 10);
        if (p->key == 1) ones = ones + 1;
        else if (p->key == 2) twos = twos + 1;
        else __VERIFIER_assert(0);
    }
    __VERIFIER_assert(ones + twos == len);
    return 0;
}
