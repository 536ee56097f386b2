#include <stdio.h>
#include <string.h>

int main(void)
{
    const char *s = "kappa";
    int n = (int)strlen(s);
    printf("%d\n", n);
    return n;
}
