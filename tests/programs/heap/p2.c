// The POSE paper's p2 (section 3.1): the abort is reachable only when b0, b1 and b2 alias.
#include <stdlib.h>
struct A {
    int f;
};
__attribute__((nonnull)) int p2(struct A *b0, struct A *b1, struct A *b2) {
    b2->f = 2;
    b1->f = 1;
    b0->f = 0;
    if (b2->f + b1->f + b0->f == 0)
        abort();
    return 0;
}
