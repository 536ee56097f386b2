// kappa-expect: verdict=true
// lazy annotation through calls: step() adds 3 or nothing by a nondet choice, 16 times: at most 48 (2^16 paths; globals and a callee's parameters in the labels)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "lazy_calls.c", 3, "reach_error"); }
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
    __VERIFIER_assert(total <= 48);
    return 0;
}
