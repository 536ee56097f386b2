// kappa-expect: verdict=false
// deterministic: after 1000 iterations y == 7 + 5 * 1000 == 5007 and the assertion y != 5007 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "const_1000_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int x = 0;
    unsigned int y = 7;
    while (x < 1000u) {
        x++;
        y += 5;
    }
    __VERIFIER_assert(y != 5007u);
    return 0;
}
