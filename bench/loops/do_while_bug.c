// kappa-expect: verdict=false
// deterministic: x goes 5, 10, ..., 1000 and the loop stops at x == 1000, so x != 1000 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "do_while_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int x = 0;
    do {
        x += 5;
    } while (x < 1000);
    __VERIFIER_assert(x != 1000);
    return 0;
}
