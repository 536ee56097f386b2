// kappa-expect: verdict=true
// per outer iteration the first inner loop adds 2n to a and the do-while adds n to b (n >= 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_down_dowhile.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int k = __VERIFIER_nondet_int();
    int i, j, a = 0, b = 0;
    __VERIFIER_assume(n >= 1 && n <= 1000000 && k >= 0 && k <= 1000);
    for (i = 0; i < k; i++) {
        for (j = n; j > 0; j--)
            a += 2;
        j = 0;
        do {
            b++;
            j++;
        } while (j < n);
    }
    __VERIFIER_assert(a == 2 * b);
    return 0;
}
