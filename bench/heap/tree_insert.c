// kappa-entry: insert
// Inserts node n into a binary search tree of depth at most K.
#include <stddef.h>
#ifndef K
#define K 3
#endif
struct tree { int key; struct tree *left, *right; };
__attribute__((nonnull(2))) struct tree *insert(struct tree *root, struct tree *n) {
    struct tree *p = root;
    int d = 0;
    n->left = n->right = NULL;
    if (root == NULL)
        return n;
    while (d < K) {
        if (n->key < p->key) {
            if (p->left == NULL) {
                p->left = n;
                return root;
            }
            p = p->left;
        } else {
            if (p->right == NULL) {
                p->right = n;
                return root;
            }
            p = p->right;
        }
        d++;
    }
    return root;
}
