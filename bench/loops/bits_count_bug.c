// kappa-expect: verdict=false
// 16 inputs: if all are odd then c == 16 and c != 16 fails (2^16 paths for a classic search)
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "bits_count_bug.c", 3, "reach_error"); }
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int i, c = 0;
    for (i = 0; i < 16; i++) {
        unsigned int v = __VERIFIER_nondet_uint();
        if (v & 1u)
            c++;
    }
    __VERIFIER_assert(c != 16);
    return 0;
}
