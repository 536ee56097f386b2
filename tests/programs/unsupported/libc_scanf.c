// kappa-expect-error: scanf
// kappa-expect-pos: 8:9
#include <stdio.h>

int main(void)
{
    int n = 0;
    if (scanf("%d", &n) != 1)
        return 1;
    printf("%d\n", n * 2);
    return 0;
}
