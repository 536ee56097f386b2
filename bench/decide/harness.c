/* Random inputs for the gcc check of bench/decide (bench/decide_gcc.sh): __VERIFIER_nondet_*
 * draw from a mix of small values, values around the programs' bounds and extremes, seeded by
 * the first argument; an assumption that fails ends the run as uninteresting (exit 0); an
 * assertion that fails prints "VIOLATION" and exits 1. */
#include <stdio.h>
#include <stdlib.h>
#include <limits.h>
static unsigned long long s;
static unsigned long long next(void) {
    s ^= s << 13; s ^= s >> 7; s ^= s << 17;
    return s;
}
int __VERIFIER_nondet_int(void) {
    unsigned r = next() % 100;
    if (r < 50) return (int)(next() % 15) - 2;
    if (r < 70) return (int)(next() % 1101);
    if (r < 80) { static const int ex[] = {INT_MIN, INT_MAX, -1, 0, 1, 100, 101, 999, 1000}; return ex[next() % 9]; }
    return (int)next();
}
unsigned __VERIFIER_nondet_uint(void) { return (unsigned)__VERIFIER_nondet_int(); }
void __VERIFIER_assume(int c) { if (!c) exit(0); }
void reach_error(void) { puts("VIOLATION"); exit(1); }
int main_program(void);
int main(int argc, char **argv) {
    s = 0x9E3779B97F4A7C15ULL ^ (argc > 1 ? strtoull(argv[1], 0, 10) * 0x100000001B3ULL : 1);
    for (int i = 0; i < 8; i++) next();
    return main_program();
}
