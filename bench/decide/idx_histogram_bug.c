// kappa-expect: verdict=false
// class: array. a histogram whose bins are never over 4: false when five values are equal
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
int main(void) {
    int h[4] = {0, 0, 0, 0};
    for (int k = 0; k < 6; k++) {
        int v = __VERIFIER_nondet_int();
        __VERIFIER_assume(v >= 0 && v < 4);
        h[v]++;
        assert(h[v] <= 4);
    }
    return 0;
}
