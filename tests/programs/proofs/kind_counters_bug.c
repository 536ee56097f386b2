// kappa-expect: verdict=false
// k-induction (bug: b steps by 2 where i does): a + b == i on three paths (one steps i by 2), a >= 0, b >= 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100000);
    int i = 0, a = 0, b = 0;
    while (i < n) {
        int c = __VERIFIER_nondet_int();
        if (c == 0) {
            a = a + 1;
            i = i + 1;
        } else if (c == 1) {
            b = b + 1;
            i = i + 1;
        } else {
            a = a + 1;
            b = b + 2;
            i = i + 2;
        }
    }
    __VERIFIER_assert(a + b == i && a >= 0 && b >= 0);
    return 0;
}
