// kappa-expect: verdict=false
// class: template. the init loop stops one short, so a[999] is 0
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
    for (int i = 0; i < N - 1; i++) a[i] = 2 * i + 1;
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k < N);
    assert(a[k] == 2 * k + 1);
    return 0;
}
