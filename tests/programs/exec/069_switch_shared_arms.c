#include <stdio.h>

/* Case labels with nothing between them share one arm: runs of digits,
   out-of-order values, GNU case ranges next to single values, default in
   the middle of a run, negative values in a signed switch, values above
   the sign bit in an unsigned switch, and a label reached by fall-through. */

static int hex(char c)
{
    switch (c) {
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return c - '0';
    case 'f': case 'a': case 'c': case 'b': case 'e': case 'd':
        return c - 'a' + 10;
    case 'A' ... 'C': case 'D': case 'E' ... 'F':
        return c - 'A' + 10;
    default:
        return -1;
    }
}

static int signed_kind(int x)
{
    int k = 0;
    switch (x) {
    case -3: case -1: case -2:
        k += 1;
        /* fall through */
    case 0:
        k += 10;
        break;
    case 5: default: case 7:
        k += 100;
        break;
    case 1 ... 3: case 4:
        k += 1000;
    }
    return k;
}

static int unsigned_kind(unsigned x)
{
    switch (x) {
    case 0xFFFFFFFFu: case 0x80000000u: case 0x7FFFFFFFu:
        return 1;
    case 0x80000001u ... 0x80000003u: case 2:
        return 2;
    case 0: case 1:
        return 3;
    default:
        return 4;
    }
}

static int char_kind(unsigned char c)
{
    switch (c) {
    case 200 ... 255: case 0:
        return 1;
    case 127: case 128:
        return 2;
    default:
        return 3;
    }
}

int main(void)
{
    int sum = 0;
    for (int c = 0; c < 256; c++)
        sum = sum * 31 + hex((char)c) + 2;
    printf("hex %d\n", sum);
    for (int c = 0; c < 256; c++)
        if (hex((char)c) >= 0)
            printf("%c=%d ", c, hex((char)c));
    printf("\n");
    for (int x = -5; x <= 9; x++)
        printf("%d:%d ", x, signed_kind(x));
    printf("\n");
    unsigned us[] = {0, 1, 2, 3, 0x7FFFFFFEu, 0x7FFFFFFFu, 0x80000000u, 0x80000001u,
                     0x80000003u, 0x80000004u, 0xFFFFFFFEu, 0xFFFFFFFFu};
    for (unsigned i = 0; i < sizeof us / sizeof us[0]; i++)
        printf("%u:%d ", us[i], unsigned_kind(us[i]));
    printf("\n");
    int counts[4] = {0, 0, 0, 0};
    for (int c = 0; c < 256; c++)
        counts[char_kind((unsigned char)c)]++;
    printf("%d %d %d\n", counts[1], counts[2], counts[3]);
    return 0;
}
