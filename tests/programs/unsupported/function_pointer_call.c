// kappa-expect-error: function pointer
// kappa-expect-pos: 17:27
#include <stdio.h>

static int add(int a, int b)
{
    return a + b;
}

static int sub(int a, int b)
{
    return a - b;
}

int main(void)
{
    int (*op)(int, int) = add;
    int r = op(5, 3);
    op = sub;
    r += op(5, 3);
    printf("%d\n", r);
    return 0;
}
