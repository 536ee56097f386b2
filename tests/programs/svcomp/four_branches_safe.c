// kappa-expect: verdict=true
// each path adds 1 or 3 per iteration over exactly 4 iterations: the sum is even and between 4 and 12 on all 16 paths
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "four_branches_safe.c", 3, "reach_error"); }
extern _Bool __VERIFIER_nondet_bool(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int sum = 0;
    int i;
    for (i = 0; i < 4; i++) {
        if (__VERIFIER_nondet_bool())
            sum += 3;
        else
            sum += 1;
    }
    __VERIFIER_assert(sum >= 4 && sum <= 12);
    __VERIFIER_assert(sum % 2 == 0);
    return 0;
}
