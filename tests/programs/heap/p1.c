// The POSE paper's p1 (section 3.1): reads through three references that may alias.
#include <stdlib.h>
struct A {
    int f;
};
__attribute__((nonnull)) int p1(struct A *a0, struct A *a1, struct A *a2) {
    int v = a0->f + a1->f + a2->f;
    if (a0->f != a1->f)
        abort();
    return v - a1->f - a2->f;
}
