// The POSE paper's swap (Fig. 1a): the receiver `this` is a nonnull first parameter.
#include <stddef.h>
struct sample {
    struct sample *data;
};
__attribute__((nonnull(1))) void swap(struct sample *this, struct sample *s) {
    if (s != NULL) {
        struct sample *d = this->data;
        this->data = s->data;
        s->data = d;
    }
}
