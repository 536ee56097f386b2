// kappa-expect-error: floating
// kappa-expect-pos: 7:21
#include <stdio.h>

int main(void)
{
    int half = 10 * 0.5;
    printf("%d\n", half);
    return half;
}
