// kappa-expect: verdict=true
// class: recursion. towers of Hanoi with a small nondet height: the moves made equal the recurrence 2 h(n-1) + 1
// held-out
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "hanoi.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int moves = 0;

void move(int n, int from, int to, int via) {
    if (n == 0) return;
    move(n - 1, from, via, to);
    moves = moves + 1;
    move(n - 1, via, to, from);
}

int hanoi(int n) {
    if (n == 1) return 1;
    return 2 * hanoi(n - 1) + 1;
}

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 1 && n <= 10);
    move(n, 1, 3, 2);
    __VERIFIER_assert(moves == hanoi(n));
    return 0;
}
