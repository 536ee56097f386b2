#include <stdio.h>

/* Hand-written number parsing and formatting in arbitrary bases,
   including the INT_MIN corner case and overflow detection. */

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n';
}

/* returns 1 on success; detects overflow */
static int parse_int(const char *s, int base, int *out)
{
    unsigned int acc = 0, limit;
    int neg = 0, digits = 0;
    while (is_space(*s))
        s++;
    if (*s == '-' || *s == '+')
        neg = *s++ == '-';
    limit = neg ? 2147483648u : 2147483647u;
    for (;; s++) {
        int d;
        if (*s >= '0' && *s <= '9')
            d = *s - '0';
        else if (*s >= 'a' && *s <= 'z')
            d = *s - 'a' + 10;
        else if (*s >= 'A' && *s <= 'Z')
            d = *s - 'A' + 10;
        else
            break;
        if (d >= base)
            break;
        if (acc > (limit - (unsigned int)d) / (unsigned int)base)
            return 0;
        acc = acc * (unsigned int)base + (unsigned int)d;
        digits++;
    }
    if (digits == 0 || *s != '\0')
        return 0;
    *out = neg ? (int)(0u - acc) : (int)acc;
    return 1;
}

static char *format_int(int v, int base, char *buf)
{
    static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
    char tmp[40];
    int n = 0, i = 0;
    unsigned int u = v < 0 ? 0u - (unsigned int)v : (unsigned int)v;
    do {
        tmp[n++] = digits[u % (unsigned int)base];
        u /= (unsigned int)base;
    } while (u);
    if (v < 0)
        buf[i++] = '-';
    while (n)
        buf[i++] = tmp[--n];
    buf[i] = '\0';
    return buf;
}

int main(void)
{
    const char *inputs[] = {"0", "42", "  -17", "+99", "2147483647", "-2147483648", "2147483648",
                            "-2147483649", "12a", "", "-", "   7", "0007", "99999999999"};
    int bases[] = {2, 8, 10, 16, 36};
    int values[] = {0, 255, -255, 2147483647, -2147483647 - 1, 123456789};
    char buf[40];
    int i, j, ok = 0, roundtrip = 0;

    for (i = 0; i < (int)(sizeof inputs / sizeof inputs[0]); i++) {
        int v = 0;
        int r = parse_int(inputs[i], 10, &v);
        printf("parse(\"%s\") -> %s %d\n", inputs[i], r ? "ok" : "error", r ? v : 0);
        ok += r;
    }
    for (i = 0; i < 6; i++) {
        for (j = 0; j < 5; j++) {
            int back = 0;
            format_int(values[i], bases[j], buf);
            if (parse_int(buf, bases[j], &back) && back == values[i])
                roundtrip++;
            printf("%s%s", j ? " " : "", buf);
        }
        putchar('\n');
    }
    {
        int v1 = -1, v2 = -1, v3 = -1;
        parse_int("ff", 16, &v1);
        parse_int("kappa", 36, &v2);
        parse_int("1011", 2, &v3);
        printf("hex ff=%d, base36 kappa=%d, bin 1011=%d\n", v1, v2, v3);
    }
    printf("ok=%d roundtrip=%d\n", ok, roundtrip);
    return ok * 10 + roundtrip;
}
