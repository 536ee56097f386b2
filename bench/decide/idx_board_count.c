// kappa-expect: verdict=true
// class: array. neighbours of a cell equal to v on a 4x4 board of symbolic values read at symbolic row/column: at most 8
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
    int board[N][N];
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            board[i][j] = __VERIFIER_nondet_int();
    int r = __VERIFIER_nondet_int(), c = __VERIFIER_nondet_int(), v = __VERIFIER_nondet_int();
    __VERIFIER_assume(0 <= r && r < N && 0 <= c && c < N);
    int count = 0;
    for (int di = -1; di <= 1; di++)
        for (int dj = -1; dj <= 1; dj++) {
            if (di == 0 && dj == 0) continue;
            int rr = r + di, cc = c + dj;
            if (rr < 0 || rr >= N || cc < 0 || cc >= N) continue;
            if (board[rr][cc] == v) count++;
        }
    assert(count <= 8);
    return 0;
}
