// kappa-expect: verdict=false
// class: loop. sign_count not counting zeros
// failing-input: 2 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sign_count_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0, pos = 0, other = 0;
    while (i < n) {
        int v = __VERIFIER_nondet_int();
        if (v > 0) pos = pos + 1;
        else if (v < 0) other = other + 1;
        i = i + 1;
        __VERIFIER_assert(pos + other == i);
    }
    return 0;
}
