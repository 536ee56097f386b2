// kappa-expect: verdict=false
// x keeps the parity of its nondet initial value; an odd start (e.g. x == 1) ends odd and fails x % 2 == 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "step_two_parity.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int x = __VERIFIER_nondet_int();
    while (x < 0x0fffffff) {
        x += 2;
    }
    __VERIFIER_assert(x % 2 == 0);
    return 0;
}
