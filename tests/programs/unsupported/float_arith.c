// kappa-expect-error: floating
// kappa-expect-pos: 9:25
#include <stdio.h>

int main(void)
{
    int hits = 7, total = 9;
    /* a percentage computed through float arithmetic */
    int percent = (int)((float)hits / total * 100);
    printf("%d%%\n", percent);
    return 0;
}
