#include <stdio.h>

/* Integer promotions: char and short operands are promoted to int before
   any arithmetic, so intermediate results do not wrap until they are
   stored back into a narrow object. */

static int average_chars(signed char a, signed char b)
{
    return (a + b) / 2; /* a + b is computed in int */
}

static unsigned char checksum8(const unsigned char *data, int n)
{
    unsigned char sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum += data[i]; /* computed in int, wraps modulo 256 on store */
    return sum;
}

static unsigned short checksum16(const unsigned char *data, int n)
{
    unsigned short sum = 0;
    int i;
    for (i = 0; i < n; i++)
        sum = (unsigned short)(sum * 31 + data[i]);
    return sum;
}

int main(void)
{
    signed char a = 100, b = 100;
    signed char c = a + b;         /* 200 -> -56 */
    int wide = a + b;              /* 200 */
    unsigned char uc = 200, ud = 100;
    unsigned char usum = uc + ud;  /* 44 */
    int isum = uc + ud;            /* 300 */
    short s1 = 30000, s2 = 30000;
    short ssum = s1 + s2;          /* -5536 */
    int sprod = s1 * s2;           /* 900000000, fits in int */
    unsigned short us = 65535;
    int ushift = us << 1;          /* promoted to int: 131070 */
    unsigned char bits = 0x0F;
    int inv = ~bits;               /* ~ of promoted int: -16 */
    unsigned char inv8 = ~bits;    /* 0xF0 */
    char ch = 'A';
    unsigned char x = 0xFF;
    unsigned short m1 = 65535, m2 = 65535;
    int mprod = m1 * m2;           /* int multiplication, wraps (-fwrapv) */
    unsigned int umprod = (unsigned int)m1 * m2;
    unsigned char data[] = {250, 10, 7, 255, 1, 128, 33, 200};
    signed char neg = -3;
    unsigned char pos = 3;

    printf("c=%d wide=%d\n", c, wide);
    printf("usum=%u isum=%d\n", usum, isum);
    printf("ssum=%d sprod=%d\n", ssum, sprod);
    printf("ushift=%d inv=%d inv8=%u\n", ushift, inv, inv8);
    printf("avg=%d avg2=%d avg3=%d\n", average_chars(a, b),
           average_chars(-128, -127), average_chars(127, -128));
    printf("sizeof(ch+1)=%d sizeof(ch)=%d sizeof(+ch)=%d\n",
           (int)sizeof(ch + 1), (int)sizeof(ch), (int)sizeof(+ch));
    printf("ch+1=%d as char=%c\n", ch + 1, ch + 1);
    printf("uc>100: %d (signed char)uc>100: %d (signed char)uc=%d\n",
           uc > 100, (signed char)uc > 100, (signed char)uc);
    printf("x==0xFF: %d ~x==0: %d (unsigned char)~x==0: %d ~x=%d\n",
           x == 0xFF, ~x == 0, (unsigned char)~x == 0, ~x);
    printf("mprod=%d umprod=%u\n", mprod, umprod);
    printf("neg*pos=%d neg/pos=%d neg%%pos=%d\n", neg * pos, neg / pos, neg % pos);
    printf("neg<pos: %d\n", neg < pos);
    printf("checksum8=%u checksum16=%u\n", checksum8(data, 8), checksum16(data, 8));
    {
        unsigned char hi = 0xAB;
        unsigned int combined = (hi << 8) | data[6];
        short sh = (short)(hi << 8);  /* 0xAB00 -> negative short */
        printf("combined=%u sh=%d\n", combined, sh);
    }
    return checksum8(data, 8) % 100;
}
