#include <stdio.h>
#include <stdlib.h>

/* A binary search tree on the heap: insertion, search, in-order
   traversal, height, deletion (with two-children case), destruction. */

struct tree {
    int key;
    int count;
    struct tree *left, *right;
};

static int allocated;

static struct tree *insert(struct tree *t, int key)
{
    if (t == NULL) {
        t = malloc(sizeof *t);
        if (t == NULL)
            exit(1);
        t->key = key;
        t->count = 1;
        t->left = t->right = NULL;
        allocated++;
        return t;
    }
    if (key < t->key)
        t->left = insert(t->left, key);
    else if (key > t->key)
        t->right = insert(t->right, key);
    else
        t->count++;
    return t;
}

static const struct tree *search(const struct tree *t, int key)
{
    while (t && t->key != key)
        t = key < t->key ? t->left : t->right;
    return t;
}

static int height(const struct tree *t)
{
    int l, r;
    if (!t)
        return 0;
    l = height(t->left);
    r = height(t->right);
    return 1 + (l > r ? l : r);
}

static void inorder(const struct tree *t)
{
    if (!t)
        return;
    inorder(t->left);
    printf(" %d", t->key);
    if (t->count > 1)
        printf("x%d", t->count);
    inorder(t->right);
}

static struct tree *remove_key(struct tree *t, int key)
{
    if (!t)
        return NULL;
    if (key < t->key) {
        t->left = remove_key(t->left, key);
    } else if (key > t->key) {
        t->right = remove_key(t->right, key);
    } else if (t->left && t->right) {
        struct tree *m = t->right;
        while (m->left)
            m = m->left;
        t->key = m->key;
        t->count = m->count;
        t->right = remove_key(t->right, m->key);
    } else {
        struct tree *child = t->left ? t->left : t->right;
        free(t);
        allocated--;
        return child;
    }
    return t;
}

static void destroy(struct tree *t)
{
    if (!t)
        return;
    destroy(t->left);
    destroy(t->right);
    free(t);
    allocated--;
}

int main(void)
{
    int keys[] = {50, 30, 70, 20, 40, 60, 80, 35, 45, 65, 30, 50, 5, 90, 85};
    int probes[] = {45, 46, 5, 85, 100};
    struct tree *root = NULL;
    int i;

    for (i = 0; i < (int)(sizeof keys / sizeof keys[0]); i++)
        root = insert(root, keys[i]);
    printf("nodes=%d height=%d\ninorder:", allocated, height(root));
    inorder(root);
    putchar('\n');
    for (i = 0; i < 5; i++) {
        const struct tree *t = search(root, probes[i]);
        printf("search %d: %s\n", probes[i], t ? "found" : "missing");
    }
    root = remove_key(root, 50);
    root = remove_key(root, 20);
    root = remove_key(root, 70);
    root = remove_key(root, 999);
    printf("after removals root=%d nodes=%d height=%d\ninorder:", root->key, allocated, height(root));
    inorder(root);
    putchar('\n');
    i = height(root) * 10 + allocated;
    destroy(root);
    printf("after destroy: %d\n", allocated);
    return i;
}
