// kappa-expect: verdict=false
// an uninitialised array of 50000 ints has arbitrary contents: its first negative element can be -1001 (A[k] = -1001 for any k < n)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_first_negative.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int A[50000];
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n > 0 && n <= 50000);
    int i = 0;
    while (i < n && A[i] >= 0)
        i++;
    if (i < n)
        __VERIFIER_assert(A[i] >= -1000);
    return 0;
}
