// A 3x3 matrix of nondet values: a branch on the sign of each row's dot product with a nondet
// vector): 27 paths, heavy non-linear queries.
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int m[3][3], v[3], pos = 0;
    for (int i = 0; i < 3; i++) { v[i] = __VERIFIER_nondet_int(); for (int j = 0; j < 3; j++) m[i][j] = __VERIFIER_nondet_int(); }
    for (int i = 0; i < 3; i++) {
        int d = m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
        if (d > 0) pos++; else if (d < 0) pos--;
    }
    return pos;
}
