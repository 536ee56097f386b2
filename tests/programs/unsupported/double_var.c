// kappa-expect-error: floating
// kappa-expect-pos: 8:12
#include <stdio.h>

int main(void)
{
    int i;
    double acc = 0;
    for (i = 1; i <= 4; i++)
        acc += i;
    printf("%d\n", (int)acc);
    return 0;
}
