// kappa-expect: verdict=true
// max starts at a[0] and only grows to elements it has seen, so every element is <= max
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_max_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 8

int main(void)
{
    int a[N];
    int i, max;
    for (i = 0; i < N; i++)
        a[i] = __VERIFIER_nondet_int();
    max = a[0];
    for (i = 1; i < N; i++) {
        if (a[i] > max)
            max = a[i];
    }
    for (i = 0; i < N; i++)
        __VERIFIER_assert(a[i] <= max);
    return 0;
}
