// kappa-expect: verdict=false
// class: array. a swap written without the temporary loses a value when i != j
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 8
int main(void) {
    int a[N], s0 = 0, s1 = 0;
    for (int k = 0; k < N; k++) { a[k] = __VERIFIER_nondet_int(); __VERIFIER_assume(a[k] >= -1000 && a[k] <= 1000); s0 += a[k]; }
    int i = __VERIFIER_nondet_int(), j = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= i && i < N && 0 <= j && j < N);
    a[i] = a[j]; a[j] = a[i];
    for (int k = 0; k < N; k++) s1 += a[k];
    assert(s0 == s1);
    return 0;
}
