// kappa-expect: verdict=true
// x + y == n is invariant and x - y grows by 2 from -n, so the loop stops with x == y or x == y + 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "converge_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int n = __VERIFIER_nondet_int();
    int x = 0, y;
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    y = n;
    while (x < y) {
        x++;
        y--;
    }
    __VERIFIER_assert(x + y == n);
    __VERIFIER_assert(x == y || x == y + 1);
    return 0;
}
