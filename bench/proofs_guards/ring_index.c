// kappa-expect: verdict=true
// class: loop. a ring buffer index modulo 5 advanced until a nondet stop; the index stays in range after the loop
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "ring_index.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int head = 0, steps = 0;
    while (__VERIFIER_nondet_int()) {
        head = (head + 2) % 5;
        steps = steps + 1;
        if (steps > 1000) break;
    }
    __VERIFIER_assert(head >= 0 && head <= 4);
    return 0;
}
