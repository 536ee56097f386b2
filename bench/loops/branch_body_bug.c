// kappa-expect: verdict=false
// deterministic: 30 iterations take the then-branch (x == 30), 70 the else-branch (y == 140); x + y == 170
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "branch_body_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int i = 0, x = 0, y = 0;
    while (i < 100) {
        if (i < 30)
            x++;
        else
            y += 2;
        i++;
    }
    __VERIFIER_assert(x + y != 170);
    return 0;
}
