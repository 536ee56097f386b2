// kappa-expect-error: foo
// kappa-expect-pos: 10:13
#include <stdio.h>

int foo(int);

int main(void)
{
    int x = 3;
    int y = foo(x);
    printf("%d\n", y);
    return 0;
}
