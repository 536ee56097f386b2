// kappa-expect: verdict=true
// class: sorting. insertion sort of 5 symbolic values: sorted, same sum
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
    for (int i = 1; i < N; i++) {
        int x = a[i], j = i - 1;
        while (j >= 0 && a[j] > x) { a[j + 1] = a[j]; j--; }
        a[j + 1] = x;
    }
    for (int k = 0; k + 1 < N; k++) assert(a[k] <= a[k + 1]);
    for (int k = 0; k < N; k++) s1 += a[k];
    assert(s0 == s1);
    return 0;
}
