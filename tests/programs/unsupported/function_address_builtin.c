// kappa-expect-error: the address of `free`
// kappa-expect-pos: 10:31
#include <stdlib.h>

/* free is an operation of kappa, not a function of its C library model: its address cannot be
   taken (the program's own functions and the model's, such as strcmp, can) */
int main(void)
{
    char *p = malloc(4);
    void (*release)(void *) = free;
    release(p);
    return 0;
}
