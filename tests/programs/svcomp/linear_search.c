// kappa-expect: verdict=true
// linear search of the compact symbolic execution paper: when r != -1 the loop stopped at A[r] == x, and when r == -1 no element equals x
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "linear_search.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define MAX 10

int main(void)
{
    int A[MAX];
    int n = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    int i, r;
    __VERIFIER_assume(n >= 0 && n <= MAX);
    for (i = 0; i < n; i++)
        A[i] = __VERIFIER_nondet_int();

    i = 0;
    while (i < n && A[i] != x)
        i++;
    r = (i < n) ? i : -1;

    if (r != -1) {
        __VERIFIER_assert(r >= 0 && r < n);
        __VERIFIER_assert(A[r] == x);
    } else {
        for (i = 0; i < n; i++)
            __VERIFIER_assert(A[i] != x);
    }
    return 0;
}
