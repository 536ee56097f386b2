// The POSE paper's hasNull (Fig. 1c): is there a null within MAX nodes after the receiver?
#include <stddef.h>
#ifndef MAX
#define MAX 4
#endif
struct sample {
    struct sample *next;
};
__attribute__((nonnull)) int hasNull(struct sample *this) {
    struct sample *s = this->next;
    int i = 1;
    while (s != NULL && i <= MAX) {
        s = s->next;
        i = i + 1;
    }
    return s == NULL;
}
