// kappa-expect: verdict=true
// class: template. a[i] = 2i over 1000 elements, then a[k] == 2k at a nondet k
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 1000
int a[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = 2 * i;
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < N);
    assert(a[k] == 2 * k);
    return 0;
}
