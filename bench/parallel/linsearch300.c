// A linear search over 300 symbolic cells: a comb-shaped tree (each cell: found, or go on),
// whose leaf work (a test per found position) is what several workers can share.
extern int __VERIFIER_nondet_int(void);
#define N 300
int a[N];
int main(void) {
    for (int i = 0; i < N; i++) a[i] = __VERIFIER_nondet_int();
    int key = __VERIFIER_nondet_int();
    for (int i = 0; i < N; i++)
        if (a[i] == key) return i;
    return -1;
}
