// kappa-expect: verdict=false
// deterministic: x falls from 100000 to 0 and then wraps to UINT_MAX > 100000 on step 100001, so y == 100001
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "unsigned_wrap_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int x = 100000u;
    unsigned int y = 0;
    while (x <= 100000u) {
        x--;
        y++;
    }
    __VERIFIER_assert(y != 100001u);
    return 0;
}
