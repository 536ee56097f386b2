// kappa-expect-error: a member of type `aint`, declared with `__attribute__((aligned))`
// kappa-expect-pos: 6:22
#include <stdio.h>
typedef int aint __attribute__((aligned(8)));

struct rec { char c; aint v; };

int main(void)
{
    struct rec r;
    r.v = 1;
    printf("%u\n", (unsigned)sizeof r);
    return 0;
}
