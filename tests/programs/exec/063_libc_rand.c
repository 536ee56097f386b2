#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int r;
    srand(42);
    r = rand() % 6;
    printf("%d\n", r);
    return 0;
}
