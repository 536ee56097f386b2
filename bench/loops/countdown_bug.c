// kappa-expect: verdict=false
// deterministic: i goes 1000000, 999998, ..., 0 in 500000 steps, so j == 500000 and j != 500000 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "countdown_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int i = 1000000;
    int j = 0;
    while (i > 0) {
        i -= 2;
        j++;
    }
    __VERIFIER_assert(j != 500000);
    return 0;
}
