// kappa-expect: verdict=true
// i counts down from n >= 0 to 0 while s counts up, so s == n and i == 0 at the end
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "countdown_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int i, s = 0;
    __VERIFIER_assume(n >= 0);
    i = n;
    while (i > 0) {
        i--;
        s++;
    }
    __VERIFIER_assert(s == n && i == 0);
    return 0;
}
