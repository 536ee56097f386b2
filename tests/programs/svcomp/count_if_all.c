// kappa-expect: verdict=false
// if all n elements satisfy the predicate (e.g. all equal 3) then count == n, contradicting the assertion count < n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count_if_all.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 5

int countIf(int *a, int n)
{
    int i, c = 0;
    for (i = 0; i < n; i++)
        if (a[i] > 0 && a[i] % 3 == 0)
            c++;
    return c;
}

int main(void)
{
    int a[N];
    int i;
    for (i = 0; i < N; i++)
        a[i] = __VERIFIER_nondet_int();
    __VERIFIER_assert(countIf(a, N) < N);
    return 0;
}
