// kappa-expect: verdict=true
// count is incremented at most once per element, so 0 <= count <= N and count + odd == N
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_count_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 10

int main(void)
{
    int a[N];
    int i, count = 0, odd = 0;
    for (i = 0; i < N; i++)
        a[i] = __VERIFIER_nondet_int();
    for (i = 0; i < N; i++) {
        if (a[i] % 2 == 0)
            count++;
        else
            odd++;
    }
    __VERIFIER_assert(count >= 0 && count <= N);
    __VERIFIER_assert(count + odd == N);
    return 0;
}
