#include <stdio.h>

/* switch: fall-through, Duff's device, default in the middle, no
   matching case, nested switches, negative and large case labels. */

static void duff_copy(short *to, const short *from, int count)
{
    int n = (count + 7) / 8;
    if (count <= 0)
        return;
    switch (count % 8) {
    case 0: do { *to++ = *from++;
    case 7:      *to++ = *from++;
    case 6:      *to++ = *from++;
    case 5:      *to++ = *from++;
    case 4:      *to++ = *from++;
    case 3:      *to++ = *from++;
    case 2:      *to++ = *from++;
    case 1:      *to++ = *from++;
            } while (--n > 0);
    }
}

static int days_in_month(int month, int leap)
{
    switch (month) {
    case 2:
        return leap ? 29 : 28;
    case 4: case 6: case 9: case 11:
        return 30;
    default:
        return 31;
    }
}

/* counts how many "levels" a value passes, via fall-through */
static int levels(int v)
{
    int n = 0;
    switch (v) {
    case 5: n++; /* fall through */
    case 4: n++; /* fall through */
    default: n += 10; /* fall through */
    case 3: n++; /* fall through */
    case 2: n++;
        break;
    case 1: n = 100;
    }
    return n;
}

static const char *classify(char c)
{
    switch (c) {
    case ' ': case '\t': case '\n':
        return "space";
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
        return "digit";
    case '+': case '-': case '*': case '/':
        return "operator";
    case (char)0xE9:
        return "e-acute";
    }
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return "letter";
    return "other";
}

static int nested(int a, int b)
{
    switch (a) {
    case 0:
        switch (b) {
        case 0: return 1;
        case 1: break;
        default: return 3;
        }
        return 2; /* break of inner switch lands here */
    case -1:
        return -10;
    case 1000000:
        return 7;
    }
    return 0;
}

int main(void)
{
    short src[19], dst[19];
    int i, total = 0, month;
    const char *text = "x = 42 + y\t\xe9!";
    long long big = 5000000000LL;
    unsigned char uc = 200;

    for (i = 0; i < 19; i++) {
        src[i] = (short)(i * i - 50);
        dst[i] = 0;
    }
    duff_copy(dst, src, 19);
    for (i = 0; i < 19; i++)
        total += dst[i];
    printf("duff total=%d dst[18]=%d\n", total, dst[18]);
    duff_copy(dst, src + 10, 3);
    printf("dst[0..3]=%d %d %d %d\n", dst[0], dst[1], dst[2], dst[3]);

    for (month = 1, i = 0; month <= 12; month++)
        i += days_in_month(month, 0);
    printf("days=%d leap feb=%d\n", i, days_in_month(2, 1));
    for (i = 0; i <= 6; i++)
        printf("levels(%d)=%d\n", i, levels(i));
    for (i = 0; text[i]; i++)
        printf("%4d %s\n", text[i], classify(text[i]));
    printf("nested: %d %d %d %d %d %d\n", nested(0, 0), nested(0, 1), nested(0, 5),
           nested(-1, 0), nested(1000000, 0), nested(3, 3));
    switch (big) {
    case 5000000000LL:
        puts("big matched");
        break;
    case 705032704: /* 5000000000 truncated to 32 bits */
        puts("truncated!");
        break;
    }
    switch (uc) {
    case -56:
        puts("uc is -56?");
        break;
    case 200:
        puts("uc is 200");
        break;
    }
    return levels(5) + levels(1);
}
