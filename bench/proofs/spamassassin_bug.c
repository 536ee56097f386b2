// kappa-expect: verdict=false
// class: loop. spamassassin with the chunk limit bufsize: an escape at j = bufsize - 1 overflows
// failing-input: 10 5 0 0 0 0 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "spamassassin_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int len = __VERIFIER_nondet_int();
    int bufsize = __VERIFIER_nondet_int();
    __VERIFIER_assume(len > 0 && len <= 1000000 && bufsize >= 5 && bufsize <= 1000000);
    int lim = bufsize - 0;
    int i = 0, j;
    while (i < len) {
        j = 0;
        while (i < len && j < lim) {
            if (i + 1 < len && __VERIFIER_nondet_int()) {
                /* an escape: two characters copied */
                __VERIFIER_assert(i + 1 < len);
                __VERIFIER_assert(0 <= j && j + 1 < bufsize);
                i = i + 2;
                j = j + 2;
            } else {
                __VERIFIER_assert(0 <= i && i < len);
                __VERIFIER_assert(0 <= j && j < bufsize);
                i = i + 1;
                j = j + 1;
            }
        }
    }
    return 0;
}
