// kappa-expect: verdict=true
// class: matrix. a 3x3 matrix of small symbolic values times the identity is itself
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
#define N 3
int main(void) {
    int a[N][N], id[N][N], p[N][N];
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { a[i][j] = __VERIFIER_nondet_int(); __VERIFIER_assume(a[i][j] > -100 && a[i][j] < 100); id[i][j] = i == j; }
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) { p[i][j] = 0; for (int k = 0; k < N; k++) p[i][j] += a[i][k] * id[k][j]; }
    for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) assert(p[i][j] == a[i][j]);
    return 0;
}
