// kappa-expect: verdict=true
// deterministic: after 1000000 iterations i == 1000000 and s == 4 * i == 4000000 (no wrap-around)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "const_1000000_safe.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int i = 0;
    unsigned int s = 0;
    while (i < 1000000u) {
        i++;
        s += 4;
    }
    __VERIFIER_assert(i == 1000000u && s == 4000000u);
    return 0;
}
