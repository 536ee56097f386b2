// kappa-expect: verdict=false
// an unsigned char counted up to 255 from a nondet start takes up to 255 steps (bug: 254 asserted): the loop
// template ends the exploration in a few queries, before k-induction is tried
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_quick_wrap.c", 3, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    unsigned char c = __VERIFIER_nondet_uchar();
    int k = 0;
    while (c != 255) {
        c++;
        k++;
    }
    __VERIFIER_assert(k <= 254);
    return 0;
}
