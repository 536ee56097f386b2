// calloc returns NULL when count times size overflows size_t (C11 7.22.3.2): a program that
// trusts calloc with a count from the input dereferences NULL. kappa: false(unreach-call) with a
// test that replays on glibc.
#include <stdlib.h>
extern unsigned long __VERIFIER_nondet_ulong(void);
extern void reach_error(void);

int main(void) {
    unsigned long n = __VERIFIER_nondet_ulong();
    long *table = calloc(n, sizeof(long));
    if (table == NULL) {
        if (n < 1000)
            reach_error();
        return 1;
    }
    if (calloc((size_t)1 << 62, 8) != NULL)
        reach_error();
    free(table);
    return 0;
}
