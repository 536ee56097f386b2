// kappa-expect-error: does_not_exist.h
// kappa-expect-pos: 3:10
#include "does_not_exist.h"

int main(void)
{
    return 0;
}
