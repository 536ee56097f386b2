#include <stdio.h>

/* Structs passed and returned by value: Gaussian integers, rationals,
   and a struct containing an array. */

struct gauss { long long re, im; };
struct ratio { int num, den; };
struct vec { int n; int v[6]; };

static struct gauss gmul(struct gauss a, struct gauss b)
{
    struct gauss r;
    r.re = a.re * b.re - a.im * b.im;
    r.im = a.re * b.im + a.im * b.re;
    return r;
}

static struct gauss gpow(struct gauss base, int e)
{
    struct gauss r = {1, 0};
    while (e > 0) {
        if (e & 1)
            r = gmul(r, base);
        base = gmul(base, base);
        e >>= 1;
    }
    return r;
}

static int gcd(int a, int b)
{
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) {
        int t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static struct ratio mk(int n, int d)
{
    struct ratio r;
    int g = gcd(n, d);
    if (d < 0) { n = -n; d = -d; }
    r.num = n / g;
    r.den = d / g;
    return r;
}

static struct ratio radd(struct ratio a, struct ratio b)
{
    return mk(a.num * b.den + b.num * a.den, a.den * b.den);
}

static struct vec scale(struct vec v, int k)
{
    int i;
    for (i = 0; i < v.n; i++)
        v.v[i] *= k; /* modifies the callee's copy only */
    return v;
}

static int vsum(struct vec v)
{
    int i, s = 0;
    for (i = 0; i < v.n; i++)
        s += v.v[i];
    return s;
}

int main(void)
{
    struct gauss g = {2, 3};
    struct ratio h = {0, 1};
    struct vec v = {5, {1, -2, 3, -4, 5}};
    struct vec w;
    struct gauss one_one = {1, 1};
    int i;

    for (i = 1; i <= 8; i++) {
        struct gauss p = gpow(g, i);
        printf("(2+3i)^%d = %lld%+lldi\n", i, p.re, p.im);
    }
    printf("gpow(1+1i, 20).re=%lld\n", gpow(one_one, 20).re);

    for (i = 1; i <= 10; i++) {
        h = radd(h, mk(1, i));
        printf("H(%d) = %d/%d\n", i, h.num, h.den);
    }
    printf("mk(6,-4) = %d/%d\n", mk(6, -4).num, mk(6, -4).den);

    w = scale(v, -3);
    printf("v: sum=%d v[1]=%d  w: sum=%d v[1]=%d v[5]=%d\n", vsum(v), v.v[1], vsum(w), w.v[1], w.v[5]);
    w = scale(scale(w, 2), 2);
    printf("w again: sum=%d\n", vsum(w));
    return (h.den % 256);
}
