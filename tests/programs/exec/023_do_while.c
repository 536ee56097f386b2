#include <stdio.h>

/* do-while loops: they run at least once. */

static int num_digits(int v)
{
    int n = 0;
    unsigned int u = v < 0 ? 0u - (unsigned int)v : (unsigned int)v;
    do {
        n++;
        u /= 10;
    } while (u != 0);
    return n;
}

static int to_string(int v, char *out)
{
    char tmp[12];
    int n = 0, len = 0;
    unsigned int u = v < 0 ? 0u - (unsigned int)v : (unsigned int)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0)
        out[len++] = '-';
    do
        out[len++] = tmp[--n];
    while (n > 0);
    out[len] = '\0';
    return len;
}

static unsigned int reverse_digits(unsigned int v)
{
    unsigned int r = 0;
    do {
        r = r * 10 + v % 10;
        v /= 10;
    } while (v > 0);
    return r;
}

#define SWAP(a, b) do { int t_ = (a); (a) = (b); (b) = t_; } while (0)

static unsigned int isqrt(unsigned int n)
{
    unsigned int x, y;
    if (n < 2)
        return n;
    x = n / 2 + 1; /* not n: x + n / x must not wrap */
    do {
        y = x;
        x = (x + n / x) / 2;
    } while (x < y);
    return y;
}

int main(void)
{
    int values[] = {0, 7, -7, 10, -100, 99999, 2147483647, -2147483647 - 1};
    char buf[16];
    int i, total = 0;
    int x = 1, y = 2;
    int guard = 0;

    for (i = 0; i < 8; i++) {
        int len = to_string(values[i], buf);
        printf("%s: digits=%d len=%d\n", buf, num_digits(values[i]), len);
        total += len;
    }
    printf("reverse(12345)=%u reverse(1000)=%u reverse(0)=%u\n",
           reverse_digits(12345), reverse_digits(1000), reverse_digits(0));
    SWAP(x, y);
    printf("x=%d y=%d\n", x, y);
    for (i = 0; i <= 100; i += 17)
        printf("isqrt(%d)=%u ", i * i + i, isqrt((unsigned)(i * i + i)));
    printf("isqrt(4294967295)=%u\n", isqrt(4294967295u));
    do {
        guard++;
    } while (0);
    printf("guard=%d\n", guard);
    i = 10;
    do
        i -= 3;
    while (i > 0);
    printf("i=%d total=%d\n", i, total);
    return total;
}
