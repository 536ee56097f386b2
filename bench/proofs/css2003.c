// kappa-expect: verdict=true
// class: loop. Colon-Sankaranarayanan-Sipma 2003 style: i grows by 4, or by 2 with j by 1; i >= 2j and i <= 4k
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "css2003.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int i = 0, j = 0, k = 0;
    while (__VERIFIER_nondet_int() && k < 1000000) {
        if (__VERIFIER_nondet_int()) {
            i = i + 4;
        } else {
            i = i + 2;
            j = j + 1;
        }
        k = k + 1;
    }
    __VERIFIER_assert(i >= 2 * j && 2 * k <= i && i <= 4 * k);
    return 0;
}
