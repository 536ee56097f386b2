// kappa-expect: verdict=true
// class: loop. Colon et al. 2005 style: i up by 2, j down by 1 until they cross; i + 2j = 2n + 1 and j >= i - 3 are inductive
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "cggmp2005.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int i = 1, j = n;
    while (j >= i) {
        i = i + 2;
        j = j - 1;
    }
    __VERIFIER_assert(i + 2 * j == 2 * n + 1);
    __VERIFIER_assert(j >= i - 3);
    return 0;
}
