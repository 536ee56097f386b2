/* Fig. 1(b) of Gao and Lumetta: after the loop of Fig. 1(a), a condition that only specific
 * paths through the loop satisfy (here: every character matched). The two states loop state
 * pruning explores first cannot cover it; a postponed state is promoted to. */
int main(void) {
    int a[3], b[3];
    int i = 0, j = 0;
    while (i < 3) {
        if (a[i] == b[j]) {
            i++;
            j++;
        } else {
            i++;
            j = 0;
        }
    }
    if (j == 3) /* condition c */
        return 7;
    return j;
}
