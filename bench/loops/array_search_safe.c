// kappa-expect: verdict=true
// idx is only set where a[idx] == x; if the search fails no element equals x
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_search_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 10

int main(void)
{
    int a[N];
    int i, j, idx = -1;
    int x = __VERIFIER_nondet_int();
    for (i = 0; i < N; i++)
        a[i] = __VERIFIER_nondet_int();
    for (i = 0; i < N; i++) {
        if (a[i] == x) {
            idx = i;
            break;
        }
    }
    if (idx >= 0) {
        __VERIFIER_assert(a[idx] == x);
    } else {
        for (j = 0; j < N; j++)
            __VERIFIER_assert(a[j] != x);
    }
    return 0;
}
