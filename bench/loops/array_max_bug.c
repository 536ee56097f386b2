// kappa-expect: verdict=false
// the maximum search starts at a[1] and skips a[0]; a[0] == 5 with all other elements 0 fails max >= a[0]
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_max_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 8

int main(void)
{
    int a[N];
    int i, max;
    for (i = 0; i < N; i++)
        a[i] = __VERIFIER_nondet_int();
    max = a[1];
    for (i = 2; i < N; i++) {
        if (a[i] > max)
            max = a[i];
    }
    __VERIFIER_assert(max >= a[0]);
    return 0;
}
