// kappa-expect: verdict=true
// class: loop. loop-invgen `half_2`: i moves by 2 while k falls by 1 from n, so k is n/2 (rounded down) at the end; then n/2 more decrements keep k > 0
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "half_two_step.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int k = n, i = 0;
    while (i < n) {
        k = k - 1;
        i = i + 2;
    }
    int j = 0;
    while (j < n / 2) {
        __VERIFIER_assert(k > 0);
        k = k - 1;
        j = j + 1;
    }
    return 0;
}
