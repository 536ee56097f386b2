// kappa-expect: verdict=true
// class: recursion. addition by recursion on both signs of a nondet n: add(m, n) = m + n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "add_rec.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int add(int m, int n) {
    if (n == 0) return m;
    if (n > 0) return add(m + 1, n - 1);
    return add(m - 1, n + 1);
}

int main(void) {
    int m = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(m >= -10000 && m <= 10000 && n >= -10000 && n <= 10000);
    __VERIFIER_assert(add(m, n) == m + n);
    return 0;
}
