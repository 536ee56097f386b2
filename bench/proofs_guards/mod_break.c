// kappa-expect: verdict=true
// class: loop. a counter modulo 7 with a break on a nondet count; its range asserted inside the loop
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mod_break.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    int i = 0, k = 0;
    while (1) {
        i = (i + 1) % 7;
        __VERIFIER_assert(i >= 0 && i < 7);
        k = k + 1;
        if (k >= n) break;
    }
    return 0;
}
