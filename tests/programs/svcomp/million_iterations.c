// kappa-expect: verdict=false
// deterministic: after exactly 1000000 iterations y == 3000000 and the final assertion y != 3000000 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "million_iterations.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int x = 0;
    unsigned int y = 0;
    while (x < 1000000u) {
        x++;
        y += 3;
        __VERIFIER_assert(y == 3 * x);
    }
    __VERIFIER_assert(y != 3000000u);
    return 0;
}
