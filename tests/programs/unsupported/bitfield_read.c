// kappa-expect-error: field
// kappa-expect-pos: 14:7
#include <stdio.h>

struct flags {
    unsigned int ready : 1;
    unsigned int mode : 3;
    unsigned int rest : 28;
};

int main(void)
{
    struct flags f;
    f.ready = 1;
    f.mode = 5;
    f.rest = 0;
    printf("%u %u\n", f.ready, f.mode);
    return f.mode;
}
