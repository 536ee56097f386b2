// Classic exploration of deep recursion (issue 12): a recursion up to 2000 calls deep that may
// stop at every level (an input decides): 2001 paths, a fork at every depth, so without sharing
// the frames a run copies the stack 2000 times, quadratic in the depth.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define DEPTH 2000

int descend(int n) {
    int local[2] = {n, -n};
    if (n == 0 || __VERIFIER_nondet_int() == 7)
        return local[0] + local[1];
    return descend(n - 1);
}

int main(void) {
    if (descend(DEPTH) != 0)
        reach_error();
    return 0;
}
