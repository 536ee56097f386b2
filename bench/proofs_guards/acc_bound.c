// kappa-expect: verdict=true
// class: loop. an accumulator growing by a nondet amount in [0, 3] per step, bounded by 3 times the count inside the loop
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "acc_bound.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100000);
    int i = 0, s = 0;
    while (i < n) {
        int d = __VERIFIER_nondet_int();
        __VERIFIER_assume(d >= 0 && d <= 3);
        s = s + d;
        i = i + 1;
        __VERIFIER_assert(s <= 3 * i);
    }
    return 0;
}
