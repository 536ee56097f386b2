// kappa-expect: verdict=true
// the assumptions enforce positive sides bounded by 1000 that satisfy the triangle inequality, which implies 2 * longest < perimeter
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "triangle_assume.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int a = __VERIFIER_nondet_int();
    int b = __VERIFIER_nondet_int();
    int c = __VERIFIER_nondet_int();
    int longest, kind;
    __VERIFIER_assume(a > 0 && a <= 1000);
    __VERIFIER_assume(b > 0 && b <= 1000);
    __VERIFIER_assume(c > 0 && c <= 1000);
    __VERIFIER_assume(a + b > c && b + c > a && a + c > b);
    longest = a;
    if (b > longest)
        longest = b;
    if (c > longest)
        longest = c;
    __VERIFIER_assert(2 * longest < a + b + c);
    if (a == b && b == c)
        kind = 3;
    else if (a == b || b == c || a == c)
        kind = 2;
    else
        kind = 1;
    if (kind == 3)
        __VERIFIER_assert(3 * a == a + b + c);
    __VERIFIER_assert(kind >= 1 && kind <= 3);
    return 0;
}
