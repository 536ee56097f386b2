// kappa-expect: verdict=true
// k-induction: j counts the even values i reaches, at half its rate: -1 <= 2j - i <= 0 (alternation)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_alternate.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int m = __VERIFIER_nondet_int();
    __VERIFIER_assume(m >= 0 && m <= 10000);
    int i = 0, j = 0;
    while (i < 2 * m) {
        i = i + 1;
        if (i % 2 == 0)
            j = j + 1;
    }
    __VERIFIER_assert(j == m);
    return 0;
}
