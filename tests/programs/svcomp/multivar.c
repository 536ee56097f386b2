// kappa-expect: verdict=true
// x and y start equal and are incremented together, so x == y after the loop for every initial value
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "multivar.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    unsigned int x = __VERIFIER_nondet_uint();
    unsigned int y = x;
    while (x < 1024) {
        x++;
        y++;
    }
    __VERIFIER_assert(x == y);
    __VERIFIER_assert(x >= 1024);
    return 0;
}
