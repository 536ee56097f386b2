#include <stdio.h>

/* Struct layout: member offsets, padding and sizes computed with
   pointer differences. On i386 (ILP32) long long is 4-byte aligned
   inside structs, so several results differ from LP64. */

struct a { char c; long long ll; };
struct b { char c; int i; char d; };
struct c { long long ll; char c; };
struct d { char c; long l; char e; };
struct e { char c[3]; short s; char *p; };
struct f { struct a inner; char tail; };
struct g { short s; char c; };
struct h { char c; struct g g; int i; };
struct k { int i; long long arr[2]; char c; };

#define OFF(var, member) ((int)((char *)&(var).member - (char *)&(var)))

int main(void)
{
    struct a a;
    struct b b;
    struct c c;
    struct d d;
    struct e e;
    struct f f;
    struct h h;
    struct k k;
    struct c arr[3];
    int total;

    printf("a: size=%d ll@%d\n", (int)sizeof a, OFF(a, ll));
    printf("b: size=%d i@%d d@%d\n", (int)sizeof b, OFF(b, i), OFF(b, d));
    printf("c: size=%d c@%d\n", (int)sizeof c, OFF(c, c));
    printf("d: size=%d l@%d e@%d\n", (int)sizeof d, OFF(d, l), OFF(d, e));
    printf("e: size=%d s@%d p@%d\n", (int)sizeof e, OFF(e, s), OFF(e, p));
    printf("f: size=%d tail@%d\n", (int)sizeof f, OFF(f, tail));
    printf("h: size=%d g@%d g.c@%d i@%d\n", (int)sizeof h, OFF(h, g), OFF(h, g.c), OFF(h, i));
    printf("k: size=%d arr@%d arr[1]@%d c@%d\n", (int)sizeof k, OFF(k, arr), OFF(k, arr[1]), OFF(k, c));
    printf("array of c: stride=%d\n", (int)((char *)&arr[1] - (char *)&arr[0]));
    total = (int)(sizeof a + sizeof b + sizeof c + sizeof d + sizeof e + sizeof f + sizeof h + sizeof k);
    printf("total=%d\n", total);
    return total;
}
