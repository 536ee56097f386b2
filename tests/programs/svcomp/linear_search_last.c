// kappa-expect: verdict=false
// the search returns the first match; the assertion claims the key is never found at the last index, which happens when only A[n-1] == x
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "linear_search_last.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define MAX 6

int main(void)
{
    int A[MAX];
    int n = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    int i, r;
    if (n < 1 || n > MAX)
        return 0;
    for (i = 0; i < n; i++)
        A[i] = __VERIFIER_nondet_int();
    i = 0;
    while (i < n && A[i] != x)
        i++;
    r = (i < n) ? i : -1;
    __VERIFIER_assert(r != n - 1);
    return 0;
}
