// kappa-expect: verdict=true
// class: template. copying an array of 500 arbitrary values, the copy equals the original at a nondet index
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 500
int a[N], b[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    for (int i = 0; i < N; i++) b[i] = a[i];
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < N);
    assert(a[k] == b[k]);
    return 0;
}
