#include <stdio.h>

/* Conversions between every integer width: truncation, sign extension
   and zero extension. Narrowing to a signed type wraps modulo 2^N (gcc). */

static void show(long long v)
{
    printf("v=%lld: sc=%d uc=%u ss=%d us=%u si=%d ui=%u sll=%lld ull=%llu\n",
           v,
           (signed char)v, (unsigned char)v,
           (short)v, (unsigned short)v,
           (int)v, (unsigned int)v,
           (long long)v, (unsigned long long)v);
}

int main(void)
{
    long long values[] = {0, 1, -1, 127, 128, -129, 255, 256, 300, -300,
                          32767, 32768, 65535, 65536, -32769, 0x12345678,
                          0x80000000LL, 0xFFFFFFFFLL, 0x1FFFFFFFFLL,
                          -0x80000001LL, 0x7FFFFFFFFFFFFFFFLL};
    int n = (int)(sizeof values / sizeof values[0]);
    int i;
    unsigned int total = 0;

    for (i = 0; i < n; i++)
        show(values[i]);

    /* sign extension versus zero extension */
    printf("(unsigned)(signed char)0x80=%08x\n", (unsigned)(signed char)0x80);
    printf("(unsigned)(unsigned char)0x80=%08x\n", (unsigned)(unsigned char)0x80);
    printf("(long long)(int)0x80000000u=%lld\n", (long long)(int)0x80000000u);
    printf("(long long)0x80000000u=%lld\n", (long long)0x80000000u);
    printf("(unsigned long long)(int)-1=%llx\n", (unsigned long long)(int)-1);
    printf("(unsigned long long)(unsigned)-1=%llx\n", (unsigned long long)(unsigned)-1);
    printf("(short)(unsigned char)200=%d (short)(signed char)200=%d\n",
           (short)(unsigned char)200, (short)(signed char)200);
    printf("(int)(unsigned short)-2=%d (int)(short)-2=%d\n",
           (int)(unsigned short)-2, (int)(short)-2);
    printf("(unsigned char)(short)0x1234=%x (signed char)(short)0x12F4=%d\n",
           (unsigned char)(short)0x1234, (signed char)(short)0x12F4);
    {
        /* a chain of conversions in assignments */
        long long big = 0x123456789ABCDEF0LL;
        int i32 = (int)big;
        short i16 = (short)i32;
        signed char i8 = (signed char)i16;
        unsigned long long back = (unsigned long long)(long long)i8;
        printf("i32=%d i16=%d i8=%d back=%llu\n", i32, i16, i8, back);
        total += (unsigned)i32 + (unsigned)i16 + (unsigned)i8;
    }
    for (i = 0; i < n; i++)
        total = total * 33u + (unsigned char)values[i] + (unsigned short)values[i];
    printf("total=%u\n", total);
    return (int)(total % 256);
}
