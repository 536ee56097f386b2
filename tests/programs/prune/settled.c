/* Promotion by the solver: after the loop, a condition on values read before it. A postponed
 * state whose path condition contradicts it is ruled out; one where it is satisfiable is
 * promoted. */
extern int __VERIFIER_nondet_int(void);
int main(void) {
    int a[3];
    int m = __VERIFIER_nondet_int();
    int first = a[0], second = a[1];
    int c = 0;
    for (int i = 0; i < 3; i++) {
        if (a[i] == m)
            c++;
        else
            c--;
    }
    if (first != m && second != m)
        return 9;
    return c;
}
