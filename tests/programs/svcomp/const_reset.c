// kappa-expect: verdict=false
// x is reset to 0 in the first of the 1024 iterations, so x == 1 never holds after the loop
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "const_reset.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int x = 1;
    unsigned int y = 0;
    while (y < 1024) {
        x = 0;
        y++;
    }
    __VERIFIER_assert(x == 1);
    return 0;
}
