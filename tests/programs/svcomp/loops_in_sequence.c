// kappa-expect: verdict=true
// the first loop leaves i == n (n >= 0), the second copies i into j, the third counts k down from j to 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "loops_in_sequence.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, j = 0, k;
    __VERIFIER_assume(n >= 0 && n <= 1000);
    while (i < n)
        i++;
    while (j < i)
        j++;
    k = j;
    while (k > 0)
        k--;
    __VERIFIER_assert(i == n);
    __VERIFIER_assert(j == n);
    __VERIFIER_assert(k == 0);
    return 0;
}
