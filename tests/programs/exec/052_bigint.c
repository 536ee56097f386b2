#include <stdio.h>

/* Arbitrary precision arithmetic on decimal digit arrays: factorials
   and Fibonacci numbers that overflow every native type. */

#define MAXD 200

struct big {
    unsigned char d[MAXD]; /* little-endian decimal digits */
    int n;
};

static void big_clear(struct big *b)
{
    int i;
    for (i = 0; i < MAXD; i++)
        b->d[i] = 0;
    b->n = 0;
}

static void big_set(struct big *b, unsigned int v)
{
    big_clear(b);
    do {
        b->d[b->n++] = (unsigned char)(v % 10);
        v /= 10;
    } while (v);
}

static void big_mul_small(struct big *b, unsigned int m)
{
    unsigned int carry = 0;
    int i;
    for (i = 0; i < b->n; i++) {
        unsigned int t = b->d[i] * m + carry;
        b->d[i] = (unsigned char)(t % 10);
        carry = t / 10;
    }
    while (carry) {
        b->d[b->n++] = (unsigned char)(carry % 10);
        carry /= 10;
    }
}

static struct big big_add(struct big a, struct big b)
{
    struct big r;
    int i, carry = 0;
    int n = a.n > b.n ? a.n : b.n;
    big_clear(&r);
    for (i = 0; i < n; i++) {
        int s = carry + (i < a.n ? a.d[i] : 0) + (i < b.n ? b.d[i] : 0);
        r.d[i] = (unsigned char)(s % 10);
        carry = s / 10;
    }
    r.n = n;
    if (carry)
        r.d[r.n++] = (unsigned char)carry;
    return r;
}

static int big_print(const char *label, const struct big *b)
{
    int i, digit_sum = 0;
    printf("%s = ", label);
    for (i = b->n - 1; i >= 0; i--) {
        putchar('0' + b->d[i]);
        digit_sum += b->d[i];
    }
    printf(" (%d digits)\n", b->n);
    return digit_sum;
}

int main(void)
{
    struct big f, a, b, t;
    unsigned int i;
    int ds;

    big_set(&f, 1);
    for (i = 2; i <= 50; i++)
        big_mul_small(&f, i);
    ds = big_print("50!", &f);
    printf("digit sum of 50! = %d\n", ds);

    big_set(&a, 0);
    big_set(&b, 1);
    for (i = 2; i <= 150; i++) {
        t = big_add(a, b);
        a = b;
        b = t;
    }
    big_print("fib(150)", &b);

    big_set(&f, 2);
    for (i = 1; i < 128; i++)
        big_mul_small(&f, 2);
    big_print("2^128", &f);
    big_set(&f, 4294967295u);
    big_mul_small(&f, 4294967295u / 1000u);
    big_print("4294967295*4294967", &f);
    return ds;
}
