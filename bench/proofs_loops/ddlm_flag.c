// kappa-expect: verdict=true
// class: loop. Dillig-Dillig-Li-McMillan 2013 style: with the flag set i stays even, j - i stays 1 and b grows as a
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ddlm_flag.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 10000);
    int flag = __VERIFIER_nondet_int();
    int a = 0, b = 0, i, j = 1;
    if (flag)
        i = 0;
    else
        i = 1;
    while (a < n) {
        a = a + 1;
        b = b + (j - i);
        i = i + 2;
        if (i % 2 == 0)
            j = j + 2;
        else
            j = j + 1;
    }
    if (flag)
        __VERIFIER_assert(a == b);
    return 0;
}
