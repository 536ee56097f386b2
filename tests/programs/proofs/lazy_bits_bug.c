// kappa-expect: verdict=false
// lazy annotation mutant: all 16 bits set give 65535, not below 65535
// failing-input: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lazy_bits_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    unsigned s = 0;
    for (int i = 0; i < 16; i++) {
        if (__VERIFIER_nondet_int()) s = s | (1u << i);
    }
    __VERIFIER_assert(s < 65535u);
    return 0;
}
