// kappa-expect: verdict=false
// class: loop. id_build with j <= 8: the index 4 * nlen is written
// failing-input: 32
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "id_build_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int bits = __VERIFIER_nondet_int();
    __VERIFIER_assume(bits >= 0 && bits <= 1000000);
    int nlen = bits / 32;
    int i, j;
    for (i = 0; i < nlen; i++) {
        for (j = 0; j <= 8; j++) {
            int k = 4 * (nlen - 1 - i) + j / 2;
            __VERIFIER_assert(0 <= k && k < 4 * nlen);
            if (__VERIFIER_nondet_int()) break;
        }
    }
    return 0;
}
