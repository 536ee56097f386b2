#include <stdio.h>

/* Base64 encoding and decoding of byte strings, with padding. */

static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int encode(const unsigned char *in, int n, char *out)
{
    int i, o = 0;
    for (i = 0; i + 2 < n; i += 3) {
        unsigned int v = (unsigned int)in[i] << 16 | (unsigned int)in[i + 1] << 8 | in[i + 2];
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = alphabet[(v >> 6) & 63];
        out[o++] = alphabet[v & 63];
    }
    if (n - i == 1) {
        unsigned int v = (unsigned int)in[i] << 16;
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = '=';
        out[o++] = '=';
    } else if (n - i == 2) {
        unsigned int v = (unsigned int)in[i] << 16 | (unsigned int)in[i + 1] << 8;
        out[o++] = alphabet[(v >> 18) & 63];
        out[o++] = alphabet[(v >> 12) & 63];
        out[o++] = alphabet[(v >> 6) & 63];
        out[o++] = '=';
    }
    out[o] = '\0';
    return o;
}

static int value_of(char c)
{
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
}

static int decode(const char *in, unsigned char *out)
{
    int o = 0;
    while (in[0] && in[1]) {
        int a = value_of(in[0]), b = value_of(in[1]);
        int c = in[2] == '=' ? 0 : value_of(in[2]);
        int d = in[3] == '=' ? 0 : value_of(in[3]);
        unsigned int v;
        if (a < 0 || b < 0 || c < 0 || d < 0)
            return -1;
        v = (unsigned int)(a << 18 | b << 12 | c << 6 | d);
        out[o++] = (unsigned char)(v >> 16);
        if (in[2] != '=')
            out[o++] = (unsigned char)(v >> 8);
        if (in[3] != '=')
            out[o++] = (unsigned char)v;
        in += 4;
    }
    return o;
}

int main(void)
{
    const char *texts[] = {"", "f", "fo", "foo", "foob", "fooba", "foobar", "Hello, World!"};
    unsigned char bin[6] = {0x00, 0xFF, 0x80, 0x7F, 0xFE, 0x01};
    char enc[64];
    unsigned char dec[64];
    int i, j, good = 0;

    for (i = 0; i < 8; i++) {
        int n = 0, m;
        while (texts[i][n])
            n++;
        encode((const unsigned char *)texts[i], n, enc);
        m = decode(enc, dec);
        printf("\"%s\" -> \"%s\" -> %d bytes\n", texts[i], enc, m);
        if (m == n) {
            for (j = 0; j < n && dec[j] == (unsigned char)texts[i][j]; j++)
                ;
            good += j == n;
        }
    }
    encode(bin, 6, enc);
    printf("binary -> %s\n", enc);
    i = decode(enc, dec);
    printf("decoded %d bytes:", i);
    for (j = 0; j < i; j++)
        printf(" %02x", dec[j]);
    putchar('\n');
    printf("invalid -> %d\n", decode("ab!d", dec));
    return good;
}
