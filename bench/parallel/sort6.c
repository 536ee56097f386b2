// Insertion sort of six nondet values, then a check that the result is sorted: 720 orders,
// one path each, every query over all six values.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int v[6];
    for (int i = 0; i < 6; i++) v[i] = __VERIFIER_nondet_int();
    for (int i = 1; i < 6; i++) {
        int x = v[i], j = i - 1;
        while (j >= 0 && v[j] > x) { v[j + 1] = v[j]; j--; }
        v[j + 1] = x;
    }
    for (int i = 1; i < 6; i++)
        if (v[i - 1] > v[i]) reach_error();
    return 0;
}
