#include <stdio.h>

/* C division truncates towards zero; the remainder has the sign of the
   dividend. Floor division and Euclidean modulo built on top of it. */

static int floor_div(int a, int b)
{
    int q = a / b;
    if ((a % b != 0) && ((a < 0) != (b < 0)))
        q--;
    return q;
}

static int euclid_mod(int a, int b)
{
    int r = a % b;
    if (r < 0)
        r += (b < 0) ? -b : b;
    return r;
}

static int digit_sum(int n)
{
    int s = 0;
    while (n != 0) {
        s += n % 10; /* negative digits for negative n */
        n /= 10;
    }
    return s;
}

int main(void)
{
    int as[] = {-7, 7, -8, 8, 0, -1};
    int bs[] = {2, -2, 3, -3, 5};
    int i, j;
    int ok = 1;

    for (i = 0; i < 6; i++) {
        for (j = 0; j < 5; j++) {
            int a = as[i], b = bs[j];
            printf("%3d/%2d=%3d %3d%%%2d=%3d floor=%3d emod=%d\n",
                   a, b, a / b, a, b, a % b, floor_div(a, b), euclid_mod(a, b));
            if ((a / b) * b + a % b != a)
                ok = 0;
        }
    }
    printf("identity ok=%d\n", ok);
    printf("-7/2u=%u -7%%3u=%u\n", -7 / 2u, -7 % 3u);
    printf("-7LL/2=%lld -7LL%%2=%lld\n", -7LL / 2, -7LL % 2);
    {
        signed char m = -128, n1 = -1;
        int q = m / n1;             /* computed in int: 128 */
        signed char qc = m / n1;    /* converted back: -128 */
        printf("char: q=%d qc=%d\n", q, qc);
    }
    {
        short s = -32768;
        printf("short: s/-1=%d s%%7=%d\n", s / -1, s % 7);
    }
    printf("digit_sum(12345)=%d digit_sum(-12345)=%d\n", digit_sum(12345), digit_sum(-12345));
    printf("INT_MIN/2=%d INT_MIN%%10=%d\n", (-2147483647 - 1) / 2, (-2147483647 - 1) % 10);
    return euclid_mod(-17, 5) + 10 * floor_div(-17, 5) + 100;
}
