/* The linear search of Fig. 1 of "Compact Symbolic Execution" (Slaby, Strejcek, Trtik,
 * ATVA 2013): r is the least index i with A[i] == x, or -1. */
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

#define N 100

int main(void) {
    int A[N];
    int n = __VERIFIER_nondet_int();
    int x = __VERIFIER_nondet_int();
    if (n < 0 || n > N)
        return 0;
    for (int k = 0; k < n; k++)
        A[k] = __VERIFIER_nondet_int();

    int i = 0;
    while (i < n && A[i] != x)
        i++;
    int r = (i < n) ? i : -1;

    if (r >= 0 && A[r] != x)
        reach_error();
    return 0;
}
