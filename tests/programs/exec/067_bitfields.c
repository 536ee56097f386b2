/* Bit-fields of plain (not packed) structs and unions as gcc lays them out on the System V
   ABIs: a field that would cross a storage unit of its type starts the next unit, `T : 0`
   moves to the next boundary of T, named bit-fields give the struct their type's alignment and
   unnamed ones do not; sizeof, offsetof of the plain members, the raw bytes after setting every
   field to boundary and pseudo-random values, signed fields read back with their sign, `= {0}`. */
#include <stdio.h>
#include <stddef.h>
#include <string.h>

struct flags {                 /* 8 bytes: c does not fit after a and b in the first int */
    unsigned a : 3;
    unsigned b : 7;
    unsigned c : 30;
};

struct mix {                   /* d at offset 1, e starts the second short, f after them */
    unsigned char a : 4;
    char d;
    short e : 9;
    short g : 9;
    int f;
    signed char h : 2;
};

struct small {                 /* unnamed fields: padding without alignment */
    char a;
    int : 5;
    char b;
    unsigned char : 0;
    char c : 3;
    unsigned short : 0;
    char z;
};

struct boolbits {
    _Bool x : 1;
    _Bool y : 1;
    unsigned char n : 6;
    int last;
};

union u {
    unsigned a : 5;
    unsigned char b;
    short c : 12;
};

static unsigned seed = 777u;
static unsigned next(void) {
    seed = seed * 1103515245u + 12345u;
    return seed >> 3;
}

static void dump(const char *name, const void *p, unsigned long n) {
    const unsigned char *b = p;
    printf("%s:", name);
    for (unsigned long i = 0; i < n; i++) printf(" %02x", b[i]);
    printf("\n");
}

int main(void) {
    printf("sizes %u %u %u %u %u\n", (unsigned)sizeof(struct flags), (unsigned)sizeof(struct mix),
           (unsigned)sizeof(struct small), (unsigned)sizeof(struct boolbits), (unsigned)sizeof(union u));
    printf("offsets %u %u %u | %u %u %u | %u\n", (unsigned)offsetof(struct mix, d), (unsigned)offsetof(struct mix, f),
           (unsigned)offsetof(struct small, a), (unsigned)offsetof(struct small, b), (unsigned)offsetof(struct small, z),
           (unsigned)offsetof(struct boolbits, last), (unsigned)_Alignof(struct small));

    struct flags fl;
    memset(&fl, 0, sizeof fl);
    fl.a = 7; fl.b = 127; fl.c = 0x3fffffff;
    dump("flags max", &fl, sizeof fl);
    fl.a = 9; fl.b = 200; fl.c = 0x40000001;
    dump("flags wrap", &fl, sizeof fl);
    printf("flags %u %u %u\n", fl.a, fl.b, fl.c);

    struct mix m;
    for (int round = 0; round < 4; round++) {
        memset(&m, round == 1 ? 0xff : 0, sizeof m);
        unsigned x = round == 0 ? 0 : next();
        m.a = x;
        m.d = (char)(x >> 4);
        m.e = round == 3 ? -256 : (int)x >> 5;
        m.g = round == 3 ? 255 : (int)(x * 3u);
        m.f = (int)(x ^ 0x5a5a5a5au);
        m.h = round == 3 ? -2 : (int)x;
        dump("mix", &m, sizeof m);
        printf("mix %u %d %d %d %d %d\n", m.a, m.d, m.e, m.g, m.f, m.h);
    }

    struct small s;
    memset(&s, 0x33, sizeof s);
    s.a = 1; s.b = 2; s.c = -3; s.z = 4;
    dump("small", &s, sizeof s);
    printf("small %d %d %d %d\n", s.a, s.b, s.c, s.z);

    struct boolbits bb = {0};
    dump("boolbits zero", &bb, sizeof bb);
    bb.x = 1; bb.y = 0; bb.n = 63; bb.last = -1;
    dump("boolbits", &bb, sizeof bb);
    printf("boolbits %d %d %u %d\n", bb.x, bb.y, bb.n, bb.last);

    union u un;
    memset(&un, 0, sizeof un);
    un.c = -1;
    printf("union %u %u %d\n", un.a, un.b, un.c);
    un.a = 3;
    dump("union", &un, sizeof un);
    return 0;
}
