// kappa-expect: verdict=true
// class: loop. two accumulators of nondet values and their complements: s + t = 100 i and 0 <= s <= 100 i
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "sum_complement.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10000);
    int i = 0, s = 0, t = 0;
    while (i < n) {
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v <= 100);
        s = s + v;
        t = t + 100 - v;
        i = i + 1;
    }
    __VERIFIER_assert(s + t == 100 * n && s >= 0 && s <= 100 * n);
    return 0;
}
