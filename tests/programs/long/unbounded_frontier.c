// A loop that never ends and forks in every iteration: the breadth-first frontier doubles with
// each iteration, each state writes to its own copy of a large array, and no path completes
// (the memory-cap test's program).
extern int __VERIFIER_nondet_int(void);
int main(void) {
    static int big[4096];
    int n = 0, acc = 0;
    for (int i = 0; i < 4096; i++)
        big[i] = __VERIFIER_nondet_int();
    while (1) {
        int x = __VERIFIER_nondet_int();
        big[n] = x;
        n = (n + 1) & 4095;
        if (x > 0)
            acc++;
        else
            acc--;
    }
    return acc + big[0];
}
