// kappa-expect: verdict=true
// k-induction: x moves by 6 or 9 from 1, so (x - 1) % 3 == 0 (the gcd of the steps)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_modulus.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10000);
    int i = 0, x = 1;
    while (i < n) {
        if (__VERIFIER_nondet_int())
            x = x + 6;
        else
            x = x + 9;
        i = i + 1;
    }
    __VERIFIER_assert(x % 3 == 1);
    return 0;
}
