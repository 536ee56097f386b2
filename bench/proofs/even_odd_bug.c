// kappa-expect: verdict=false
// class: recursion. even_odd whose is_odd(0) answers 1
// failing-input: 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "even_odd_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int is_even(int n);

int is_odd(int n) {
    if (n == 0) return 1;
    return is_even(n - 1);
}

int is_even(int n) {
    if (n == 0) return 1;
    return is_odd(n - 1);
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10000);
    int r = is_even(n);
    if (n % 2 == 0) __VERIFIER_assert(r == 1);
    else __VERIFIER_assert(r == 0);
    return 0;
}
