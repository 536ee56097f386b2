// kappa-expect: verdict=true
// class: loop. InvGen's apache get_tag: a tag and a value with escapes parsed into a buffer of len bytes, every write below the last byte
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "apache_get_tag.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int len = __VERIFIER_nondet_int();
    __VERIFIER_assume(len >= 1 && len <= 1000000);
    int last = len - 1;
    int t = 0;
    while (1) { /* the tag's name */
        if (t == last) break;
        if (__VERIFIER_nondet_int()) break;
        __VERIFIER_assert(0 <= t && t < last);
        t = t + 1;
        if (__VERIFIER_nondet_int()) break;
    }
    while (1) { /* the value, with backslash escapes */
        if (t == last) break;
        int c = __VERIFIER_nondet_int();
        if (c == 0) break;
        if (c == 92) {
            __VERIFIER_assert(0 <= t && t < last);
            t = t + 1;
            if (t == last) break;
        }
        __VERIFIER_assert(0 <= t && t < last);
        t = t + 1;
    }
    __VERIFIER_assert(0 <= t && t <= last);
    return 0;
}
