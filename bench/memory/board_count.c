// kappa-expect: verdict=true
// Counts the neighbours of a cell equal to a value on a 4x4 board of symbolic integers,
// reading the board at symbolic rows and columns (issue 12's symbolic-index program).
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
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
    if (count > 8) reach_error();
    return count;
}
