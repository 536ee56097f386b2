// kappa-expect: verdict=true
// class: sorting. binary search over a sorted array of 8 symbolic values finds a present key
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
    int a[N];
    for (int k = 0; k < N; k++) { a[k] = __VERIFIER_nondet_int(); __VERIFIER_assume(a[k] >= 0 && a[k] <= 1000); if (k > 0) __VERIFIER_assume(a[k - 1] < a[k]); }
    int p = __VERIFIER_nondet_int();
    __VERIFIER_assume(p >= 0 && p < N);
    int key = a[p], lo = 0, hi = N - 1, found = -1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key) { found = mid; break; }
        if (a[mid] < key) lo = mid + 1; else hi = mid - 1;
    }
    assert(found == p);
    return 0;
}
