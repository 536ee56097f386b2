// kappa-expect: verdict=false
// kind_k2 asserting d == 0 after the loop: false after an odd number of iterations (n = 1)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    if (n < 0 || n > 1000) return 0;
    int x = 0, d = 0, i = 0;
    while (i < n) {
        if (x == 0) { x = 1; d = d + 5; } else { x = 0; d = d - 5; }
        i = i + 1;
        __VERIFIER_assert(d >= 0 && d <= 5);
    }
    __VERIFIER_assert(d == 0);
    return 0;
}
