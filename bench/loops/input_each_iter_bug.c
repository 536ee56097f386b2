// kappa-expect: verdict=false
// if all 12 inputs are 1 then ones == 12 and ones != 12 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "input_each_iter_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int i = 0, ones = 0;
    while (i < 12) {
        int v = __VERIFIER_nondet_int();
        if (v == 1)
            ones++;
        i++;
    }
    __VERIFIER_assert(ones != 12);
    return 0;
}
