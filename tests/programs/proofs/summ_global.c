// kappa-expect: verdict=true
// summaries: a recursive function that writes a global is not summarised (its effect is more
// than its result), so kappa does not claim a proof
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int calls;

int f(int n) {
    calls = calls + 1;
    if (n <= 0) return 0;
    return f(f(n - 1));
}

int main(void) {
    int x = __VERIFIER_nondet_int();
    __VERIFIER_assume(x >= 0 && x <= 100000);
    if (f(x) != 0) reach_error();
    if (calls < 1) reach_error();
    return 0;
}
