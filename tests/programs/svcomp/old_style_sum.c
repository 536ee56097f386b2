// kappa-expect: verdict=true
// old-style benchmark (__VERIFIER_error, undeclared nondet): sn grows by 2 in each of the n iterations (0 <= n <= 1000), so sn == 2 * n
extern void __VERIFIER_error(void);

int main()
{
    int i, n = __VERIFIER_nondet_int(), sn = 0;
    if (n < 0 || n > 1000)
        return 0;
    for (i = 1; i <= n; i++) {
        sn = sn + 2;
    }
    if (!(sn == n * 2 || sn == 0)) {
    ERROR:
        __VERIFIER_error();
    }
    return 0;
}
