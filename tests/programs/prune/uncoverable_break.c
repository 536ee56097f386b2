// A loop whose path through the `break` no execution takes (`i > 100` with i < 4): the paper's
// "uncoverable path" cluster. Under the paper's rule the break keeps every prefix of the loop's
// paths uncovered, so no state is postponed; kappa's feasible rule sees that no state can
// complete that path in its iteration.
extern int __VERIFIER_nondet_int(void);

int main(void) {
    int hits = 0;
    for (int i = 0; i < 4; i++) {
        int x = __VERIFIER_nondet_int();
        if (x > 10)
            hits++;
        if (i > 100)
            break;
    }
    return hits;
}
