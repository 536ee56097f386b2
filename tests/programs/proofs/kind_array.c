// kappa-expect: verdict=true
// k-induction: a loop that stores into a global array (havocked whole in the step case); s == 2 * i
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int a[1000];

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100000);
    int i = 0, s = 0;
    while (i < n) {
        a[i % 1000] = __VERIFIER_nondet_int();
        s = s + 2;
        i = i + 1;
    }
    __VERIFIER_assert(s == 2 * n);
    return 0;
}
