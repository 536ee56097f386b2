// kappa-expect: verdict=true
// Neighbours of a cell equal to v on a 2x2 board of symbolic values, read at a symbolic row
// and column inside loops over constant offsets (-1..1 each, and 8 directions from tables):
// both counts agree and are at most 8. Compact mode unrolls these loops as classic mode does.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
#define N 2
static const int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
static const int dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
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
    int again = 0;
    for (int k = 0; k < 8; k++) {
        int rr = r + dr[k], cc = c + dc[k];
        if (rr < 0 || rr >= N || cc < 0 || cc >= N) continue;
        if (board[rr][cc] == v) again++;
    }
    if (count > 8 || again != count) reach_error();
    return 0;
}
