// kappa-expect-error: __int128
// kappa-expect-pos: 7:5
#include <stdio.h>

int main(void)
{
    __int128 big = 1;
    int i;
    for (i = 0; i < 100; i++)
        big *= 2;
    printf("%d\n", (int)(big >> 98));
    return 0;
}
