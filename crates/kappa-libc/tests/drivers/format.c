/* Differential driver: the printf family's integer, character, string and pointer conversions
   with flags, widths and precisions, on numbers and a string taken from standard input;
   snprintf into small buffers truncates. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char in[64] = {0};
    fread(in, 1, sizeof in - 1, stdin);
    char *end;
    long a = strtol(in, &end, 0);
    long b = strtol(end, &end, 0);
    const char *s = end;
    int w = (int)(b % 12), p = (int)(a % 9);
    char buf[24], small[6];
    int n = snprintf(buf, sizeof buf, "%d|%5d|%-5d|%05d|%+d|% d", (int)a, (int)b, (int)a, (int)b, (int)a, (int)b);
    printf("%d [%s]\n", n, buf);
    n = snprintf(buf, sizeof buf, "%x|%#X|%o|%#o|%u|%.3d", (unsigned)a, (unsigned)b, (unsigned)a, (unsigned)b, (unsigned)a, (int)b);
    printf("%d [%s]\n", n, buf);
    n = snprintf(buf, sizeof buf, "%*d|%-*d|%.*d|%*.*x", w, (int)a, w, (int)b, p, (int)a, w, p, (unsigned)b);
    printf("%d [%s]\n", n, buf);
    n = snprintf(small, sizeof small, "%ld:%lx:%lld", a, (unsigned long)b, (long long)((unsigned long long)a * (unsigned long long)b));
    printf("%d [%s]\n", n, small);
    n = snprintf(buf, sizeof buf, "%hd|%hhu|%hhd|%c|%%", (short)a, (unsigned char)b, (signed char)a, (int)(b & 0x7f) | 0x20);
    printf("%d [%s]\n", n, buf);
    n = snprintf(buf, sizeof buf, "[%s][%.2s][%6.3s][%-4s]", s, s, s, "ab");
    printf("%d [%s]\n", n, buf);
    n = printf("%s|%5s|%ld|%zu|%p\n", s, "x", a, strlen(s), (void *)0);
    printf("%d\n", n);
    n = sprintf(buf, "%.0d|%.0x|%#.0o|%#x", 0, 0, 0, 0);
    printf("%d [%s]\n", n, buf);
    return 0;
}
