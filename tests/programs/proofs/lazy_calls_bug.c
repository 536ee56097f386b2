// kappa-expect: verdict=false
// lazy annotation mutant: 16 steps of up to 3 reach 48 > 47
// failing-input: 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lazy_calls_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int total = 0;
void step(int k) {
    if (__VERIFIER_nondet_int()) total = total + k;
}
int main(void) {
    for (int i = 0; i < 16; i++) {
        step(3);
    }
    __VERIFIER_assert(total <= 47);
    return 0;
}
