// kappa-expect: verdict=false
// class: template. the running maximum of 1000 arbitrary values skips the last one
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
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    int m = a[0];
    for (int i = 1; i < N - 1; i++) if (a[i] > m) m = a[i];
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < N);
    assert(a[k] <= m);
    return 0;
}
