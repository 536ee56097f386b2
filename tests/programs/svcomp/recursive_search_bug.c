// kappa-expect: verdict=false
// x can be found at index 777 (the contents of a are arbitrary)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "recursive_search_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 1000
int find(int *a, int n, int x)
{
    if (n == 0)
        return -1;
    if (a[n - 1] == x)
        return n - 1;
    return find(a, n - 1, x);
}

int main(void)
{
    int a[N];
    int x = __VERIFIER_nondet_int();
    int r = find(a, N, x);
    __VERIFIER_assert(r != 777);
    return 0;
}
