// kappa-expect: verdict=true
// class: loop. half: n decremented on every even i below 2k, so n = k - ceil(i/2) and n == 0 at exit
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "half.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int k = __VERIFIER_nondet_int();
    __VERIFIER_assume(k >= 0 && k <= 1000000);
    int n = k, i = 0;
    while (i < 2 * k) {
        if (i % 2 == 0) n = n - 1;
        i = i + 1;
    }
    __VERIFIER_assert(n == 0);
    return 0;
}
