// kappa-expect: verdict=true
// class: matrix. row sums and column sums of a 3x4 matrix of small values have the same total
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
int main(void) {
    int m[3][4], rs[3], cs[4], tr = 0, tc = 0;
    for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++) { m[i][j] = __VERIFIER_nondet_int(); __VERIFIER_assume(m[i][j] >= 0 && m[i][j] < 1000); }
    for (int i = 0; i < 3; i++) { rs[i] = 0; for (int j = 0; j < 4; j++) rs[i] += m[i][j]; }
    for (int j = 0; j < 4; j++) { cs[j] = 0; for (int i = 0; i < 3; i++) cs[j] += m[i][j]; }
    for (int i = 0; i < 3; i++) tr += rs[i];
    for (int j = 0; j < 4; j++) tc += cs[j];
    assert(tr == tc);
    return 0;
}
