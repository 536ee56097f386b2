#include <stdio.h>

/* Compound assignments on narrow types (computed in int, converted
   back on store) and on pointers; the left operand is evaluated once. */

int main(void)
{
    signed char c = 100;
    unsigned char uc = 250;
    short s = 30000;
    unsigned short us = 10;
    int i = 7;
    unsigned int u = 5;
    long long ll = 1;
    int arr[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    int *p = arr;
    int idx = 0;
    char text[] = "Compound";
    char *t;

    c += 100;
    printf("c+=100 -> %d\n", c);
    c *= 3;
    printf("c*=3 -> %d\n", c);
    c -= -50;
    printf("c-=-50 -> %d\n", c);
    c /= 7;
    printf("c/=7 -> %d\n", c);
    uc += 10;
    printf("uc+=10 -> %u\n", uc);
    uc <<= 5;
    printf("uc<<=5 -> %u\n", uc);
    uc >>= 2;
    printf("uc>>=2 -> %u\n", uc);
    uc |= 0x81;
    uc ^= 0xFF;
    printf("uc|=0x81 ^=0xFF -> %u\n", uc);
    s += s;
    printf("s+=s -> %d\n", s);
    s %= 1000;
    printf("s%%=1000 -> %d\n", s);
    us -= 20;
    printf("us-=20 -> %u\n", us);
    us *= us;
    printf("us*=us -> %u\n", us);
    i -= 20;
    i %= 6;
    printf("i -> %d\n", i);
    i *= -1000000;
    i <<= 4;
    printf("i -> %d\n", i);
    u -= 10;
    printf("u -> %u\n", u);
    u /= 3;
    printf("u/=3 -> %u\n", u);
    u &= 0xF0F0F0F0u;
    printf("u&= -> %x\n", u);
    for (idx = 0; idx < 70; idx++)
        ll *= 3;
    printf("ll -> %lld\n", ll);
    ll >>= 60;
    printf("ll>>=60 -> %lld\n", ll);

    /* pointers */
    p += 5;
    printf("*p=%d\n", *p);
    p -= 3;
    printf("*p=%d\n", *p);
    *p += 100;
    p[1] *= -2;
    printf("arr[2]=%d arr[3]=%d\n", arr[2], arr[3]);

    /* the subscript has a side effect that happens once */
    idx = 0;
    arr[idx++] += 10;
    arr[idx++] -= 10;
    printf("idx=%d arr[0]=%d arr[1]=%d\n", idx, arr[0], arr[1]);

    /* char arithmetic through a pointer */
    for (t = text; *t; t++)
        *t += 1;
    printf("text=%s\n", text);
    for (t = text + 7; t >= text; t -= 2)
        *t -= 33;
    printf("text=");
    for (idx = 0; idx < 8; idx++)
        printf("%d ", text[idx]);
    putchar('\n');
    return (c + uc + us) & 0xff;
}
