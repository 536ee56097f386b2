// kappa-expect: verdict=true
// class: loop. modular counters: x moves by 3 or 6, y by 6 or 3, so x % 3 == 0 and (x + y) % 9 == 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mod_steps.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100000);
    int x = 0, y = 0, t = 0;
    while (t < n) {
        if (__VERIFIER_nondet_int()) {
            x = x + 3;
            y = y + 6;
        } else {
            x = x + 6;
            y = y + 3;
        }
        t = t + 1;
    }
    __VERIFIER_assert(x % 3 == 0 && (x + y) % 9 == 0);
    return 0;
}
