// kappa-expect: verdict=true
// class: recursion. McCarthy's 91 function on a nondet argument: 91 up to 101, x - 10 above
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "mccarthy91.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int f91(int x) {
    if (x > 100) return x - 10;
    return f91(f91(x + 11));
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= -1000 && x <= 1000000);
    int r = f91(x);
    if (x <= 101) __VERIFIER_assert(r == 91);
    else __VERIFIER_assert(r == x - 10);
    return 0;
}
