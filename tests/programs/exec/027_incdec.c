#include <stdio.h>
#include <stdbool.h>

/* Pre- and post-increment/decrement on every integer type, _Bool,
   enums and pointers, across the wrap-around boundaries. */

enum level { LOW, MID, HIGH };

int main(void)
{
    char c = 126;
    signed char sc = -127;
    unsigned char uc = 254;
    short s = 32766;
    unsigned short us = 1;
    int i = 2147483646;
    unsigned int u = 1;
    long l = -1;
    unsigned long ul = 0;
    long long ll = 9223372036854775806LL;
    unsigned long long ull = 1;
    bool b = false;
    enum level lv = LOW;
    int arr[5] = {10, 20, 30, 40, 50};
    int *p = arr + 2;
    int x, y, r;

    x = c++;
    y = c++;
    printf("c: %d %d %d\n", x, y, c);
    x = --sc;
    y = --sc;
    printf("sc: %d %d\n", x, y);
    x = uc++;
    y = uc++;
    printf("uc: %u %u %u\n", x, y, uc);
    x = ++s;
    y = ++s;
    printf("s: %d %d\n", x, y);
    x = us--;
    y = us--;
    printf("us: %d %d now: %u\n", x, y, us);
    x = ++i;
    y = ++i;
    printf("i: %d %d\n", x, y);
    printf("u: %u ", --u);
    printf("%u ", --u);
    printf("%u\n", u++);
    printf("l: %ld ul: %lu\n", ++l, --ul);
    printf("ll: %lld ", ++ll);
    printf("%lld\n", ++ll);
    printf("ull: %llu ", --ull);
    printf("%llu\n", --ull);
    printf("ull-- -> %llu ", ull--);
    printf("ull=%llu\n", ull);

    b++;
    printf("b++ -> %d\n", b);
    b++;
    printf("b++ again -> %d\n", b);
    b--;
    printf("b-- -> %d\n", b);
    b--;
    printf("b-- from 0 -> %d\n", b);

    lv++;
    printf("lv=%d\n", lv);
    ++lv;
    printf("lv=%d is HIGH: %d\n", lv, lv == HIGH);

    printf("*p++=%d ", *p++);
    printf("*p=%d ", *p);
    printf("*--p=%d ", *--p);
    printf("(*p)++=%d ", (*p)++);
    printf("*p=%d ", *p);
    printf("++*p=%d\n", ++*p);
    printf("p-arr=%d\n", (int)(p - arr));

    x = 5;
    y = 10;
    r = x++ + ++y;
    printf("r=%d x=%d y=%d\n", r, x, y);
    r = x-- - --y;
    printf("r=%d x=%d y=%d\n", r, x, y);
    return (int)(c + sc + uc + s + us + u + b + lv + arr[2]) & 0xff;
}
