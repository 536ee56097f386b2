// kappa-expect: verdict=true
// summaries: a nested recursion f(f(n - 1)) on a nondet argument always returns 0
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int f(int n) {
    if (n <= 0) return 0;
    return f(f(n - 1));
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x <= 100000);
    if (f(x) != 0) reach_error();
    return 0;
}
