// kappa-expect: verdict=true
// linear search over an uninitialised array of 100000 ints (arbitrary contents): when the search stops before n, it stopped at an element equal to x, and it never passes n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_search_arbitrary.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 100000

int main(void)
{
    int A[N];
    int i;
    int n = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= N);
    i = 0;
    while (i < n && A[i] != x)
        i++;
    if (i < n)
        __VERIFIER_assert(A[i] == x);
    __VERIFIER_assert(i <= n);
    return 0;
}
