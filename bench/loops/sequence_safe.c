// kappa-expect: verdict=true
// the first loop leaves i == n, the second moves k from i down to 0 while j counts up to i == n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sequence_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i = 0, j = 0, k;
    __VERIFIER_assume(n >= 0 && n <= 100000);
    while (i < n) {
        i++;
    }
    k = i;
    while (k > 0) {
        k--;
        j++;
    }
    __VERIFIER_assert(j == n);
    return 0;
}
