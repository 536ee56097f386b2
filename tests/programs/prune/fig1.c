/* The loop of Fig. 1(a) of "Loop Path Reduction by State Pruning" (Gao and Lumetta, ASE 2018):
 * a substring match whose body branches on the inputs at every iteration. The mismatch step is
 * simplified (i advances on both sides) so that, as in Fig. 2, the loop runs three iterations:
 * full exploration has 2^3 = 8 paths, loop state pruning explores 2 and postpones 4. */
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
    return j;
}
