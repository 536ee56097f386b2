// kappa-expect: verdict=false
// old-style benchmark (__VERIFIER_error, undeclared nondet): sn stops growing at i == 10, so for n >= 10 sn == 18 != 2 * n
extern void __VERIFIER_error(void);

int main()
{
    int i, n = __VERIFIER_nondet_int(), sn = 0;
    if (n < 0 || n > 1000)
        return 0;
    for (i = 1; i <= n; i++) {
        if (i < 10)
            sn = sn + 2;
    }
    if (!(sn == n * 2 || sn == 0)) {
    ERROR:
        __VERIFIER_error();
    }
    return 0;
}
