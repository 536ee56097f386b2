// The length of a list of unknown shape: every length is a path, so exploration needs a bound
// on input objects, and verification cannot say `true` once it was reached.
#include <stddef.h>
extern void reach_error(void);
struct node {
    int val;
    struct node *next;
};
int length(struct node *l) {
    int n = 0;
    while (l != NULL) {
        n++;
        l = l->next;
    }
    if (n < 0)
        reach_error();
    return n;
}
