#include <stdio.h>

/* CRC-32 (bitwise and table-driven), CRC-16/CCITT-FALSE, Adler-32 and
   the Internet checksum. */

static unsigned int crc_table[256];

static void crc32_init(void)
{
    unsigned int i;
    int k;
    for (i = 0; i < 256; i++) {
        unsigned int c = i;
        for (k = 0; k < 8; k++)
            c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        crc_table[i] = c;
    }
}

static unsigned int crc32_table(const char *s, int n)
{
    unsigned int c = 0xFFFFFFFFu;
    int i;
    for (i = 0; i < n; i++)
        c = crc_table[(c ^ (unsigned char)s[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFu;
}

static unsigned int crc32_bitwise(const char *s, int n)
{
    unsigned int c = 0xFFFFFFFFu;
    int i, k;
    for (i = 0; i < n; i++) {
        c ^= (unsigned char)s[i];
        for (k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xEDB88320u & (0u - (c & 1)));
    }
    return ~c;
}

static unsigned short crc16_ccitt(const char *s, int n)
{
    unsigned short crc = 0xFFFF;
    int i, k;
    for (i = 0; i < n; i++) {
        crc ^= (unsigned short)((unsigned char)s[i] << 8);
        for (k = 0; k < 8; k++)
            crc = (crc & 0x8000) ? (unsigned short)((crc << 1) ^ 0x1021) : (unsigned short)(crc << 1);
    }
    return crc;
}

static unsigned int adler32(const char *s, int n)
{
    unsigned int a = 1, b = 0;
    int i;
    for (i = 0; i < n; i++) {
        a = (a + (unsigned char)s[i]) % 65521;
        b = (b + a) % 65521;
    }
    return (b << 16) | a;
}

static unsigned short inet_checksum(const unsigned char *d, int n)
{
    unsigned int sum = 0;
    int i;
    for (i = 0; i + 1 < n; i += 2)
        sum += (unsigned int)(d[i] << 8 | d[i + 1]);
    if (n & 1)
        sum += (unsigned int)d[n - 1] << 8;
    while (sum >> 16)
        sum = (sum & 0xFFFF) + (sum >> 16);
    return (unsigned short)~sum;
}

static int len(const char *s)
{
    int n = 0;
    while (s[n])
        n++;
    return n;
}

int main(void)
{
    const char *inputs[] = {"", "a", "123456789", "Wikipedia",
                            "The quick brown fox jumps over the lazy dog", "\xff\xfe\x80"};
    unsigned char header[] = {0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
                              0x00, 0x00, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7};
    int i, mismatches = 0;

    crc32_init();
    printf("table[1]=%08x table[255]=%08x\n", crc_table[1], crc_table[255]);
    for (i = 0; i < 6; i++) {
        int n = len(inputs[i]);
        unsigned int c1 = crc32_table(inputs[i], n), c2 = crc32_bitwise(inputs[i], n);
        printf("len=%2d crc32=%08x crc16=%04x adler=%08x\n", n, c1, crc16_ccitt(inputs[i], n),
               adler32(inputs[i], n));
        mismatches += c1 != c2;
    }
    printf("inet checksum=%04x\n", inet_checksum(header, 20));
    header[10] = 0xb8;
    header[11] = 0x61;
    printf("verify=%04x\n", inet_checksum(header, 20));
    printf("odd length=%04x mismatches=%d\n", inet_checksum(header, 7), mismatches);
    return (int)(crc32_table("123456789", 9) & 0xFF);
}
