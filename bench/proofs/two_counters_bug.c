// kappa-expect: verdict=false
// class: loop. two_counters looping while i <= n
// failing-input: 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "two_counters_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int i = 0, a = 0, b = 0;
    while (i <= n) {
        if (__VERIFIER_nondet_int()) a = a + 1; else b = b + 1;
        i = i + 1;
    }
    __VERIFIER_assert(a + b == n && a >= 0 && b >= 0);
    return 0;
}
