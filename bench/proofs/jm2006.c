// kappa-expect: verdict=true
// class: loop. Jhala-McMillan 2006 style: x and y decrease together, i - x = j - y; i == j gives y == 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "jm2006.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int i = __VERIFIER_nondet_int();
    int j = __VERIFIER_nondet_int();
    __VERIFIER_assume(i >= 0 && i <= 1000000 && j >= 0 && j <= 1000000);
    int x = i, y = j;
    while (x != 0) {
        x = x - 1;
        y = y - 1;
    }
    if (i == j) __VERIFIER_assert(y == 0);
    return 0;
}
