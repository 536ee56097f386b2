// kappa-expect: verdict=true
// the array is strictly increasing (a[i] == 3 * i + 1); binary search finds key iff key == 3 * i + 1 for some i < N, and then returns that i
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "binary_search.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 64

int a[N];

int search(int key)
{
    int lo = 0, hi = N - 1;
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

int main(void)
{
    int i, key, r;
    for (i = 0; i < N; i++)
        a[i] = 3 * i + 1;
    key = __VERIFIER_nondet_int();
    r = search(key);
    if (r >= 0) {
        __VERIFIER_assert(r < N && a[r] == key);
    } else {
        __VERIFIER_assert(r == -1);
        __VERIFIER_assert(key < 1 || key > 3 * (N - 1) + 1 || (key - 1) % 3 != 0);
    }
    return 0;
}
