// kappa-entry: search
// Searches a binary search tree for k, at most K levels deep.
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct tree { int key; struct tree *left, *right; };
int search(struct tree *t, int k) {
    int d = 0;
    while (t != NULL && d < K) {
        if (t->key == k)
            return 1;
        t = k < t->key ? t->left : t->right;
        d++;
    }
    return 0;
}
