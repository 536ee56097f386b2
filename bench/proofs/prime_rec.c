// kappa-expect: verdict=true
// class: recursion. primality by recursive trial division (remainder by recursion too): a prime other than 2 is odd
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "prime_rec.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int rem(int n, int d) {
    if (n < d) return n;
    return rem(n - d, d);
}

int prime_from(int n, int d) {
    if (d >= n) return 1;
    if (rem(n, d) == 0) return 0;
    return prime_from(n, d + 1);
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 2 && n <= 200);
    int p = prime_from(n, 2);
    __VERIFIER_assert(p == 0 || n == 2 || rem(n, 2) == 1);
    return 0;
}
