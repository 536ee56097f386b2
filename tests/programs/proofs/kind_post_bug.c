// kappa-expect: verdict=false
// k-induction: n may be 0: the loop may not run and seen stays 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_post.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int i = 0;
    int seen = 0;
    while (i < n) {
        seen = 1;
        i = i + 1;
    }
    __VERIFIER_assert(seen == 1);
    return 0;
}
