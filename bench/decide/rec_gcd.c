// kappa-expect: verdict=true
// class: recursion. recursive gcd divides both arguments (values up to 50)
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
int gcd(int a, int b) { return b == 0 ? a : gcd(b, a % b); }
int main(void) {
    int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
    __VERIFIER_assume(a > 0 && a <= 50 && b > 0 && b <= 50);
    int g = gcd(a, b);
    assert(g > 0 && a % g == 0 && b % g == 0);
    return 0;
}
