#include <stdio.h>

/* Shifts of signed (non-negative) and unsigned values by amounts below
   the width of the promoted type; field extraction; rotation. */

static unsigned int rotl32(unsigned int x, unsigned int k)
{
    k &= 31;
    if (k == 0)
        return x;
    return (x << k) | (x >> (32 - k));
}

static unsigned int rotr32(unsigned int x, unsigned int k)
{
    k &= 31;
    if (k == 0)
        return x;
    return (x >> k) | (x << (32 - k));
}

static unsigned int get_field(unsigned int word, int lo, int width)
{
    return (word >> lo) & ((1u << width) - 1u);
}

static unsigned int set_field(unsigned int word, int lo, int width, unsigned int v)
{
    unsigned int mask = ((1u << width) - 1u) << lo;
    return (word & ~mask) | ((v << lo) & mask);
}

int main(void)
{
    unsigned int w = 0xDEADBEEFu;
    int k;
    unsigned char b = 0x80;
    unsigned short h = 0xFFFF;
    int pos = 0x12345;
    unsigned long long one = 1;
    unsigned int packed = 0;

    for (k = 0; k < 32; k += 5)
        printf("k=%2d w>>k=%08x w<<k=%08x rotl=%08x rotr=%08x\n",
               k, w >> k, w << k, rotl32(w, k), rotr32(w, k));
    printf("1<<30=%d 1u<<31=%u 1ull<<63=%llu\n", 1 << 30, 1u << 31, one << 63);
    printf("b<<1=%d (unsigned char)(b<<1)=%d\n", b << 1, (unsigned char)(b << 1));
    printf("(unsigned)h<<16=%u h>>4=%d\n", (unsigned)h << 16, h >> 4);
    printf("pos>>4=%d pos<<7=%d pos>>17=%d\n", pos >> 4, pos << 7, pos >> 17);
    printf("sizeof(1<<2LL)=%d sizeof(1LL<<2)=%d\n",
           (int)sizeof(1 << 2LL), (int)sizeof(1LL << 2));
    printf("0x7fffffff>>30=%d 0x7fffffff>>31=%d\n", 0x7fffffff >> 30, 0x7fffffff >> 31);
    for (k = 0; k < 64; k += 9)
        printf("ull 0x8000000000000001>>%d = %llx\n", k, 0x8000000000000001ull >> k);
    packed = set_field(packed, 0, 5, 17);
    packed = set_field(packed, 5, 6, 63);
    packed = set_field(packed, 11, 5, 40); /* truncated to 8 */
    packed = set_field(packed, 27, 5, 31);
    printf("packed=%08x f0=%u f1=%u f2=%u f3=%u\n", packed,
           get_field(packed, 0, 5), get_field(packed, 5, 6),
           get_field(packed, 11, 5), get_field(packed, 27, 5));
    {
        /* shift amount of a different (wider) type */
        long long amt = 3;
        unsigned char sh = 4;
        printf("100<<amt=%d 100>>sh=%d 0xF0u>>sh=%u\n", 100 << amt, 100 >> sh, 0xF0u >> sh);
    }
    return (int)get_field(packed, 5, 6);
}
