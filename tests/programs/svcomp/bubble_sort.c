// kappa-expect: verdict=true
// bubble sort of a nondet array: after n-1 passes the array is sorted, and the sum of the elements is unchanged (elements bounded, no overflow)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bubble_sort.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 5

int main(void)
{
    int a[N];
    int i, j, before = 0, after = 0;
    for (i = 0; i < N; i++) {
        a[i] = __VERIFIER_nondet_int();
        __VERIFIER_assume(a[i] > -1000 && a[i] < 1000);
        before += a[i];
    }
    for (i = 0; i < N - 1; i++)
        for (j = 0; j < N - 1 - i; j++)
            if (a[j] > a[j + 1]) {
                int t = a[j];
                a[j] = a[j + 1];
                a[j + 1] = t;
            }
    for (i = 0; i < N; i++)
        after += a[i];
    for (i = 0; i + 1 < N; i++)
        __VERIFIER_assert(a[i] <= a[i + 1]);
    __VERIFIER_assert(before == after);
    return 0;
}
