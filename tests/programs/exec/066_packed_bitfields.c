/* Packed structs as gcc lays them out: sizeof, offsetof and the raw bytes after setting every
   field to boundary and pseudo-random values, with bit-fields crossing bytes and storage units,
   signed and unsigned fields, zero-width bit-fields, mixed char/short/int members, a nested
   struct, the trailing attribute form and a packed member in a plain struct. */
#include <stdio.h>
#include <stddef.h>
#include <string.h>

struct __attribute__((packed)) rec {      /* 5 bytes: the 12-bit e ends in the last byte */
    unsigned a : 3;
    unsigned b : 5;
    unsigned char c;
    int d : 7;
    unsigned e : 12;
};

struct __attribute__((packed)) mixed {    /* unaligned plain members */
    char a;
    int b;
    short c;
    unsigned char d;
    long long e;
};

struct inner { short x; char y; };

struct wide {
    signed char s : 3;
    unsigned int u : 29;
    int v : 32;
    short w : 9;
    struct inner in;
    unsigned char t : 1;
    int : 0;
    unsigned char z : 4;
    _Bool f : 1;
} __attribute__((packed));

typedef struct {
    unsigned char k : 2;
    short m;
    unsigned n : 30;
} __attribute__((packed)) anon_t;

struct plain {                            /* only `b` is packed */
    char a;
    int b __attribute__((packed));
    short c;
};

static unsigned seed = 12345u;
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
    printf("sizes %u %u %u %u %u\n", (unsigned)sizeof(struct rec), (unsigned)sizeof(struct mixed),
           (unsigned)sizeof(struct wide), (unsigned)sizeof(anon_t), (unsigned)sizeof(struct plain));
    printf("offsets %u %u %u %u %u | %u %u | %u | %u %u\n", (unsigned)offsetof(struct mixed, a),
           (unsigned)offsetof(struct mixed, b), (unsigned)offsetof(struct mixed, c),
           (unsigned)offsetof(struct mixed, d), (unsigned)offsetof(struct mixed, e),
           (unsigned)offsetof(struct rec, c), (unsigned)offsetof(struct wide, in),
           (unsigned)offsetof(anon_t, m), (unsigned)offsetof(struct plain, b), (unsigned)offsetof(struct plain, c));

    struct rec r;
    memset(&r, 0, sizeof r);
    r.a = 7; r.b = 31; r.c = 255; r.d = -64; r.e = 4095;
    dump("rec max", &r, sizeof r);
    printf("rec %u %u %u %d %u\n", r.a, r.b, r.c, r.d, r.e);
    r.a = 8; r.b = 33; r.d = 63; r.e = 4096 + 5;
    dump("rec wrap", &r, sizeof r);
    printf("rec %u %u %u %d %u\n", r.a, r.b, r.c, r.d, r.e);
    r.d = 64;                           /* wraps to -64 in 7 bits */
    printf("rec d %d, e-4000 %d, a-8 %d\n", r.d, r.e - 4000, r.a - 8);
    r.e += 4000; r.b++; r.a--;
    dump("rec ops", &r, sizeof r);
    printf("assign %d %u\n", (r.d = 100), (r.e = 70000));

    struct mixed m;
    memset(&m, 0xaa, sizeof m);
    m.a = -1; m.b = 0x12345678; m.c = -2; m.d = 200; m.e = 0x0102030405060708LL;
    dump("mixed", &m, sizeof m);
    printf("mixed %d %d %d %d %lld\n", m.a, m.b, m.c, m.d, m.e);

    struct wide w;
    for (int round = 0; round < 4; round++) {
        memset(&w, round == 1 ? 0xff : 0, sizeof w);
        unsigned x = round == 0 ? 0 : next();
        w.s = round == 3 ? -4 : (int)x;
        w.u = round == 3 ? 0x1fffffff : x * 7u;
        w.v = round == 3 ? (int)0x80000000u : (int)(x ^ 0x5a5a5a5au);
        w.w = round == 3 ? -256 : (int)x >> 3;
        w.in.x = (short)(x >> 5);
        w.in.y = (char)x;
        w.t = x & 1;
        w.z = round == 3 ? 15 : x >> 11;
        w.f = round == 2 ? (int)x | 6 : 0;
        dump("wide", &w, sizeof w);
        printf("wide %d %u %d %d %d %d %u %u %d\n", w.s, w.u, w.v, w.w, w.in.x, w.in.y, w.t, w.z, w.f);
    }

    anon_t k;
    memset(&k, 0x55, sizeof k);
    k.k = 2; k.m = -12345; k.n = 0x3ffffffe;
    dump("anon", &k, sizeof k);
    printf("anon %u %d %u\n", k.k, k.m, k.n);

    struct plain p;
    memset(&p, 0, sizeof p);
    p.a = 1; p.b = -2; p.c = 3;
    dump("plain", &p, sizeof p);
    return 0;
}
