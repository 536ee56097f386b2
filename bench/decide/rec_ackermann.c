// kappa-expect: verdict=true
// class: recursion. Ackermann A(m, n) for m <= 2, n <= 3 is n + 1, n + 2, 2n + 3
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
int ack(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ack(m - 1, 1);
    return ack(m - 1, ack(m, n - 1));
}
int main(void) {
    int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();
    __VERIFIER_assume(m >= 0 && m <= 2 && n >= 0 && n <= 3);
    int r = ack(m, n);
    assert(r == (m == 0 ? n + 1 : m == 1 ? n + 2 : 2 * n + 3));
    return 0;
}
