// kappa-expect: verdict=false
// deterministic: i == j happens once for each i in 0..9 (j runs over 0..19), so d == 10 and d != 10 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "nested_bug.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int i, j, c = 0, d = 0;
    for (i = 0; i < 10; i++) {
        for (j = 0; j < 20; j++) {
            c++;
            if (i == j)
                d++;
        }
    }
    __VERIFIER_assert(c == 200);
    __VERIFIER_assert(d != 10);
    return 0;
}
