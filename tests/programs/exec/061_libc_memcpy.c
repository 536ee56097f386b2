#include <stdio.h>
#include <string.h>

int main(void)
{
    int src[4] = {1, 2, 3, 4};
    int dst[4];
    memcpy(dst, src, sizeof src);
    printf("%d\n", dst[3]);
    return 0;
}
