// kappa-expect: verdict=true
// class: recursion. McCarthy 91 is 91 for every n <= 101
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
int f91(int n) { return n > 100 ? n - 10 : f91(f91(n + 11)); }
int main(void) {
    int n = __VERIFIER_nondet_int();
    __VERIFIER_assume(n >= 0 && n <= 101);
    assert(f91(n) == 91);
    return 0;
}
