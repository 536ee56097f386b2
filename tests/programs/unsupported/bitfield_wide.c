// kappa-expect-error: bit-field `stamp` of type `unsigned long long`
// kappa-expect-pos: 7:24
#include <stdio.h>

struct rec {
    unsigned int ready : 1;
    unsigned long long stamp : 40;
};

int main(void)
{
    struct rec r;
    r.ready = 1;
    r.stamp = 12345;
    printf("%u\n", r.ready);
    return 0;
}
