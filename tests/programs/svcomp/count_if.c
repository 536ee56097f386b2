// kappa-expect: verdict=true
// count is incremented at most once per element, so 0 <= count <= n, and it equals n minus the number of elements failing the predicate
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "count_if.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 12

static int pred(int v)
{
    return v > 0 && v % 3 == 0;
}

int main(void)
{
    int a[N];
    int n = __VERIFIER_nondet_int();
    int i, count = 0, rejected = 0;
    __VERIFIER_assume(n >= 0 && n <= N);
    for (i = 0; i < n; i++)
        a[i] = __VERIFIER_nondet_int();
    for (i = 0; i < n; i++) {
        if (pred(a[i]))
            count++;
        else
            rejected++;
    }
    __VERIFIER_assert(count >= 0 && count <= n);
    __VERIFIER_assert(count + rejected == n);
    return 0;
}
