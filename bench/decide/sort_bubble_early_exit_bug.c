// kappa-expect: verdict=false
// class: sorting. bubble sort that stops after the first pass without a swap, but checks the flag before the pass ends
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
        int swapped = 0;
        for (int j = 0; j < N - 1 - i; j++) {
            if (a[j] > a[j + 1]) { int t = a[j]; a[j] = a[j + 1]; a[j + 1] = t; swapped = 1; }
            if (j == 1 && !swapped) break;
        }
    }
    for (int k = 0; k + 1 < N; k++) assert(a[k] <= a[k + 1]);
    for (int k = 0; k < N; k++) s1 += a[k];
    assert(s0 == s1);
    return 0;
}
