// kappa-expect: verdict=true
// class: loop. a three-state protocol: the flag says whether the state is not idle, asserted on each step
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "open_flag.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int st = 0, opened = 0;
    while (__VERIFIER_nondet_int()) {
        int ev = __VERIFIER_nondet_int();
        if (st == 0) {
            if (ev == 1) { st = 1; opened = 1; }
        } else if (st == 1) {
            if (ev == 2) st = 2;
            else if (ev == 3) { st = 0; opened = 0; }
        } else {
            if (ev == 3) { st = 0; opened = 0; }
        }
        __VERIFIER_assert(opened == (st != 0));
    }
    return 0;
}
