#include <stdio.h>
#include <alloca.h>

/* alloca: stack buffers whose size is chosen at run time; released
   when the function returns. */

static int sum_of_squares(int n)
{
    int *tmp = alloca((size_t)n * sizeof(int));
    int i, s = 0;
    for (i = 0; i < n; i++)
        tmp[i] = (i + 1) * (i + 1);
    for (i = n - 1; i >= 0; i--)
        s += tmp[i];
    return s;
}

static void repeat_print(const char *word, int times)
{
    int len = 0, i, j, k = 0;
    char *buf;
    while (word[len])
        len++;
    buf = alloca((size_t)(len * times + times + 1));
    for (i = 0; i < times; i++) {
        for (j = 0; j < len; j++)
            buf[k++] = word[j];
        buf[k++] = i + 1 < times ? '-' : '!';
    }
    buf[k] = '\0';
    puts(buf);
}

static unsigned int digits_product(unsigned int v)
{
    unsigned char *d = alloca(16);
    int n = 0;
    unsigned int p = 1;
    do {
        d[n++] = (unsigned char)(v % 10);
        v /= 10;
    } while (v);
    while (n > 0)
        p *= d[--n];
    return p;
}

int main(void)
{
    int n, total = 0;
    for (n = 1; n <= 10; n += 3) {
        int s = sum_of_squares(n);
        printf("sum_of_squares(%d)=%d\n", n, s);
        total += s;
    }
    repeat_print("ka", 3);
    repeat_print("alloca", 1);
    printf("digits_product(2345)=%u digits_product(999)=%u digits_product(105)=%u\n",
           digits_product(2345), digits_product(999), digits_product(105));
    return total % 256;
}
