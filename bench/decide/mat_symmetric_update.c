// kappa-expect: verdict=true
// class: matrix. updating cell (r,c) and (c,r) of a symmetric 4x4 matrix keeps it symmetric
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 4
int main(void) {
    int m[N][N];
    for (int i = 0; i < N; i++) for (int j = 0; j <= i; j++) { m[i][j] = __VERIFIER_nondet_int(); m[j][i] = m[i][j]; }
    int r = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int(), v = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= r && r < N && 0 <= c && c < N);
    m[r][c] = v; m[c][r] = v;
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) assert(m[i][j] == m[j][i]);
    return 0;
}
