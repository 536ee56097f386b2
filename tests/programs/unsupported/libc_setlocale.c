// kappa-expect-error: setlocale
// kappa-expect-pos: 8:5
#include <locale.h>
#include <stdio.h>

int main(void)
{
    setlocale(LC_ALL, "");
    printf("%d\n", 1);
    return 0;
}
