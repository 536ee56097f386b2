// kappa-expect: verdict=true
// b is an element-wise copy of a, so the comparison loop never sees a difference
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "array_copy_compare.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

#define N 16

int a[N];
int b[N];

int main(void)
{
    int i;
    unsigned char start = __VERIFIER_nondet_uchar();
    for (i = 0; i < N; i++)
        a[i] = __VERIFIER_nondet_int();
    for (i = 0; i < N; i++)
        b[i] = a[i];
    for (i = start % N; i < N; i++)
        __VERIFIER_assert(a[i] == b[i]);
    return 0;
}
