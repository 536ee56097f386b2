// kappa-expect: verdict=false
// A `while (1)` loop (its head has no source position in the IR) whose position wraps at 6: the asserted range fails at the fifth step
// failing-input: 5
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_while_one_bug.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int steps = __VERIFIER_nondet_int();
    int pos = 0, turns = 0, done = 0;
    while (1) {
        pos = pos + 1;
        if (pos == 6) {
            pos = 0;
            turns = turns + 1;
        }
        __VERIFIER_assert(0 <= pos && pos < 5);
        done = done + 1;
        if (done >= steps)
            break;
    }
    return 0;
}
