// kappa-expect: verdict=false
// class: loop. ddlm2013 checking a == b when flag is clear (i odd: j - i shrinks)
// held-out
// failing-input: 0 1 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ddlm2013_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int flag = __VERIFIER_nondet_int();
    int a = 0, b = 0, i, j = 1;
    if (flag) i = 0; else i = 1;
    while (__VERIFIER_nondet_int() && a < 1000000) {
        a = a + 1;
        b = b + (j - i);
        i = i + 2;
        if (i % 2 == 0) j = j + 2; else j = j + 1;
    }
    if (!flag) __VERIFIER_assert(a == b);
    return 0;
}
