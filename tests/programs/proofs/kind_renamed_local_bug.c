// kappa-expect: verdict=false
// kind_renamed_local not counting zeros: n = 1, a[0] = 0
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
        else if (a[i] < 0) neg++;
    }
    __VERIFIER_assert(pos + neg == n);
    return 0;
}
