// kappa-expect: verdict=false
// class: sorting. selection sort whose inner loop stops one element early
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 5
int main(void) {
    int a[N], s0 = 0, s1 = 0;
    for (int k = 0; k < N; k++) { a[k] = __VERIFIER_nondet_int(); __VERIFIER_assume(a[k] >= -100 && a[k] <= 100); s0 += a[k]; }
    for (int i = 0; i < N - 1; i++) {
        int m = i;
        for (int j = i + 1; j < N - 1; j++)
            if (a[j] < a[m]) m = j;
        int t = a[i]; a[i] = a[m]; a[m] = t;
    }
    for (int k = 0; k + 1 < N; k++) assert(a[k] <= a[k + 1]);
    for (int k = 0; k < N; k++) s1 += a[k];
    assert(s0 == s1);
    return 0;
}
