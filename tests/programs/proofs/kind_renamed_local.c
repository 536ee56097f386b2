// kappa-expect: verdict=true
// Two loops each declaring `i`: the front-end renames the second one (`i.1`), which still gets
// candidates (`i.1 <= n`, `pos + neg == i.1`), though they have no C form for the witness.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int a[100];

int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 100);
    for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
    int pos = 0, neg = 0;
    for (int i = 0; i < n; i++) {
        if (a[i] > 0) pos++;
        else neg++;
    }
    __VERIFIER_assert(pos + neg == n);
    return 0;
}
