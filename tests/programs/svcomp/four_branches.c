// kappa-expect: verdict=false
// each of the 4 iterations sets bit i or not independently (16 paths); exactly one path (bits 1 and 3 set, x == 10) violates the assertion
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "four_branches.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int x = 0;
    int i;
    for (i = 0; i < 4; i++) {
        if (__VERIFIER_nondet_int())
            x |= 1 << i;
    }
    __VERIFIER_assert(x >= 0 && x <= 15);
    __VERIFIER_assert(x != 10);
    return 0;
}
