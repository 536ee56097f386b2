/* Integer constant expressions as C11 6.6 defines them: the conditional operator, casts,
   sizeof, enum constants and offsetof, in enums, array lengths, static initialisers, case labels
   and static assertions (glibc's <ctype.h> builds its enum with `?:`). */
#include <ctype.h>
#include <limits.h>
#include <stddef.h>
#include <stdio.h>

struct S { char a; int b; long c[3]; };
enum E {
    A = 1 ? 2 : 3,
    B = (char)300,
    C = sizeof(struct S) > 8 ? -1 : 1,
    D = offsetof(struct S, c[1]),
    G = (unsigned char)-1 > 0 ? 'x' : 'y',
};
_Static_assert(A == 2, "conditional");
_Static_assert((unsigned char)-1 == 255, "cast");
_Static_assert(_ISdigit == 2048, "glibc's _ISbit");
_Static_assert(((0 ? 1 : 2u) > -1) == 0, "usual arithmetic conversions of the arms");
static int arr[C > 0 ? 4 : 7];
static int n = sizeof arr / sizeof arr[0];
static const char *p = 1 ? "yes" : 0;
static long big = (long)(INT_MAX ? (unsigned)-1 : 0) + 1;

int main(void) {
    int x = 3;
    printf("%d %d %d %d %d %d %s %ld\n", A, B, C, D, G, n, p, big);
    switch (x) {
    case (INT_MAX > 0 ? 3 : 4):
        return sizeof(int[A ? 3 : 5]) == 12 ? 0 : 1;
    }
    return 2;
}
