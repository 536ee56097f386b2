// kappa-expect: verdict=false
// class: loop. mode_toggle releasing without clearing the owner
// failing-input: 1 3 1 3
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mode_toggle_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int lock = 0, owner = -1;
    while (__VERIFIER_nondet_int()) {
        int who = __VERIFIER_nondet_int();
        __VERIFIER_assume(who >= 0 && who < 8);
        if (lock == 0) {
            lock = 1;
            owner = who;
        } else if (owner == who) {
            lock = 0;
        }
        __VERIFIER_assert((lock == 0) == (owner < 0));
    }
    return 0;
}
