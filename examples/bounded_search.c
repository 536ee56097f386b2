/* A bounded binary search with an off-by-one: kappa finds the inputs that reach the error
 * and writes a test that replays on the real program. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

#define N 6

int search(const int *a, int n, int key) {
    int lo = 0, hi = n;          /* bug: hi should be n - 1 with `lo <= hi` */
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (a[mid] == key)
            return mid;
        if (a[mid] < key)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int main(void) {
    int a[N + 1];
    for (int i = 0; i < N; i++)
        a[i] = 2 * i;             /* sorted: 0 2 4 6 8 10 */
    a[N] = __VERIFIER_nondet_int(); /* past the searched range, arbitrary */
    int key = __VERIFIER_nondet_int();
    int r = search(a, N, key);
    if (r >= N)
        reach_error();            /* found an element that is not in a[0..N-1] */
    return r;
}
