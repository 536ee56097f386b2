// kappa-expect: verdict=true
// class: matrix. transposing a 4x4 matrix of symbolic values twice gives it back, checked at a symbolic cell
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
    int m[N][N], t[N][N], u[N][N];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) m[i][j] = __VERIFIER_nondet_int();
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) t[j][i] = m[i][j];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) u[j][i] = t[i][j];
    int r = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= r && r < N && 0 <= c && c < N);
    assert(u[r][c] == m[r][c]);
    return 0;
}
