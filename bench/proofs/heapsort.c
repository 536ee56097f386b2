// kappa-expect: verdict=true
// class: loop. InvGen's heapsort: the sift-down indices of heapsort stay within 1..n
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "heapsort.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 1 && n <= 1000000);
    int l = n / 2 + 1, r = n, i, j;
    if (l > 1) l = l - 1; else r = r - 1;
    while (r > 1) {
        i = l;
        j = 2 * l;
        while (j <= r) {
            if (j < r) {
                __VERIFIER_assert(1 <= j && j + 1 <= n);
                if (__VERIFIER_nondet_int()) j = j + 1;
            }
            __VERIFIER_assert(1 <= j && j <= n);
            if (__VERIFIER_nondet_int()) break;
            __VERIFIER_assert(1 <= i && i <= n);
            i = j;
            j = 2 * j;
        }
        if (l > 1) {
            __VERIFIER_assert(1 <= l && l <= n);
            l = l - 1;
        } else {
            __VERIFIER_assert(1 <= r && r <= n);
            r = r - 1;
        }
    }
    return 0;
}
