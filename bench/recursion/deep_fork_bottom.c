// Classic exploration of deep recursion (issue 12): a recursion 3000 calls deep, each activation
// with a local array (a stack object), forking on an input in its 10 innermost activations:
// 1024 paths, every fork made with 3000 frames on the stack.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
#define DEPTH 3000
#define FORKS 10

int walk(int n, int acc) {
    int local[4] = {n, n + 1, n + 2, n + 3};
    if (n == 0)
        return acc;
    if (n <= FORKS && __VERIFIER_nondet_int() > 0)
        acc += local[n % 4];
    return walk(n - 1, acc);
}

int main(void) {
    if (walk(DEPTH, 0) < 0)
        reach_error();
    return 0;
}
