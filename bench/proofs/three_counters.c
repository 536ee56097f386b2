// kappa-expect: verdict=true
// class: loop. three counters, one bumped per iteration: x + y + z never passes n
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "three_counters.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 1000000);
    int x = 0, y = 0, z = 0;
    while (x + y + z < n) {
        int c = __VERIFIER_nondet_int();
        if (c > 0) x = x + 1;
        else if (c < 0) y = y + 1;
        else z = z + 1;
    }
    __VERIFIER_assert(x + y + z == n && x >= 0 && y >= 0 && z >= 0);
    return 0;
}
