// kappa-expect-error: variadic
// kappa-expect-pos: 6:12
#include <stdarg.h>
#include <stdio.h>

static int sum(int count, ...)
{
    va_list ap;
    int i, total = 0;
    va_start(ap, count);
    for (i = 0; i < count; i++)
        total += va_arg(ap, int);
    va_end(ap);
    return total;
}

int main(void)
{
    printf("%d\n", sum(3, 1, 2, 3));
    return 0;
}
