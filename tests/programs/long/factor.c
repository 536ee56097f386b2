/* One hard query: factoring a product of two 31-bit primes (2147483647 * 2147483629) over
 * 64-bit multiplication, which Z3 does not decide in seconds (issue 14: an interrupt must
 * cancel the query Z3 is running). */
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);

int main(void) {
    unsigned long a = __VERIFIER_nondet_ulong();
    unsigned long b = __VERIFIER_nondet_ulong();
    if (a > 1 && b > 1 && a < 4294967296UL && b < 4294967296UL && a * b == 4611685975477714963UL)
        reach_error();
    return 0;
}
