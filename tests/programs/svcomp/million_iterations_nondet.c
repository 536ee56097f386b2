// kappa-expect: verdict=false
// the error needs k == 1000000: the loop must first run 1000000 times with a nondet flag chosen non-zero in exactly that iteration
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "million_iterations_nondet.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int k = 0;
    int armed = 0;
    while (k < 1500000) {
        k++;
        if (k == 1000000 && __VERIFIER_nondet_int())
            armed = 1;
    }
    __VERIFIER_assert(!armed);
    return 0;
}
