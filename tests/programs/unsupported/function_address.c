// kappa-expect-error: function pointer
// kappa-expect-pos: 13:41
#include <stdio.h>

static int helper(int x)
{
    return 2 * x;
}

int main(void)
{
    /* only compares the address, never calls through it */
    unsigned long addr = (unsigned long)&helper;
    printf("%d\n", addr != 0);
    return helper(1);
}
