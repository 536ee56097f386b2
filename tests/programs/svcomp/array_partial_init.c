// kappa-expect: verdict=false
// the initialisation loop stops one element early, so a[N-1] keeps its zero initialiser and fails the assertion a[i] > 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_partial_init.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 100

int a[N];

int main(void)
{
    int v = __VERIFIER_nondet_int();
    int i;
    __VERIFIER_assume(v > 0);
    for (i = 0; i < N - 1; i++)
        a[i] = v;
    for (i = 0; i < N; i++)
        __VERIFIER_assert(a[i] > 0);
    return 0;
}
