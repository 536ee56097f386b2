// kappa-expect: verdict=true
// A `while (1)` loop (its head has no source position in the IR) whose position wraps at 5: its range, asserted in the body, is the invariant
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "kind_while_one.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int steps = __VERIFIER_nondet_int();
    int pos = 0, turns = 0, done = 0;
    while (1) {
        pos = pos + 1;
        if (pos == 5) {
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
