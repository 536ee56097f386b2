// kappa-expect: verdict=true
// class: template. counting to a nondet bound n <= 100000 by steps of 1: the counter ends at n
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100000);
    int i = 0, s = 0;
    while (i < n) { i++; s += 2; }
    assert(i == n && s == 2 * n);
    return 0;
}
