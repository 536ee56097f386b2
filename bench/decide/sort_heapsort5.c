// kappa-expect: verdict=true
// class: sorting. heapsort of 5 symbolic values (sift-down with symbolic child indices)
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 5
void sift(int *a, int start, int end) {
    int root = start;
    while (2 * root + 1 <= end) {
        int child = 2 * root + 1, sw = root;
        if (a[sw] < a[child]) sw = child;
        if (child + 1 <= end && a[sw] < a[child + 1]) sw = child + 1;
        if (sw == root) return;
        int t = a[root]; a[root] = a[sw]; a[sw] = t;
        root = sw;
    }
}
int main(void) {
    int a[N], s0 = 0, s1 = 0;
    for (int k = 0; k < N; k++) { a[k] = __VERIFIER_nondet_int(); __VERIFIER_assume(a[k] >= -100 && a[k] <= 100); s0 += a[k]; }
    for (int s = (N - 2) / 2; s >= 0; s--) sift(a, s, N - 1);
    for (int end = N - 1; end > 0; end--) {
        int t = a[end]; a[end] = a[0]; a[0] = t;
        sift(a, 0, end - 1);
    }
    for (int k = 0; k + 1 < N; k++) assert(a[k] <= a[k + 1]);
    for (int k = 0; k < N; k++) s1 += a[k];
    assert(s0 == s1);
    return 0;
}
