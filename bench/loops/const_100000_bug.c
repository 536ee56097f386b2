// kappa-expect: verdict=false
// deterministic: i and k move in lock step, so after 100000 iterations k == 0 and k != 0 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "const_100000_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int i = 0;
    int k = 100000;
    while (i < 100000) {
        i++;
        k--;
    }
    __VERIFIER_assert(k != 0);
    return 0;
}
