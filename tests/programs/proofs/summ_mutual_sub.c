// kappa-expect: verdict=true
// summaries: subtraction by mutual recursion on nondet arguments, s1(m, n) == m - n
extern void abort(void);
void reach_error(void) { abort(); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);

int s2(int m, int n);

int s1(int m, int n) {
    if (n <= 0) return m;
    return s2(m - 1, n - 1);
}

int s2(int m, int n) {
    if (n <= 0) return m;
    return s1(m - 1, n - 1);
}

int main(void) {
    int m = __VERIFIER_nondet_int();
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(m >= 0 && m <= 100000 && n >= 0 && n <= 100000);
    int r = s1(m, n);
    if (r != m - n) reach_error();
    return 0;
}
