// kappa-expect: verdict=true
// reach_error is unreachable (q * d + m == x always holds), BUT a division by zero is reachable when a == b; kappa should also report it
// kappa-expect-ub: division by zero at 20:9 (x / d with d == 0 when a == b)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "division_by_zero.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    int d, q, m;
    __VERIFIER_assume(a >= 0 && a <= 10 && b >= 0 && b <= 10);
    __VERIFIER_assume(x >= -1000 && x <= 1000);
    d = a - b;
    q = x / d;
    m = x % d;
    __VERIFIER_assert(q * d + m == x);
    return 0;
}
