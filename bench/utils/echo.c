/* echo [-n] [-e] [STRING]...: coreutils-style echo with backslash escapes under -e. */
#include <stdio.h>
#include <string.h>

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

int main(int argc, char **argv) {
    int newline = 1, escapes = 0, i = 1;
    for (; i < argc && argv[i][0] == '-' && argv[i][1]; i++) {
        const char *o = argv[i] + 1;
        if (strspn(o, "ne") != strlen(o)) break;
        if (strchr(o, 'n')) newline = 0;
        if (strchr(o, 'e')) escapes = 1;
    }
    for (int first = 1; i < argc; i++, first = 0) {
        if (!first) putchar(' ');
        for (const char *s = argv[i]; *s; s++) {
            if (!escapes || *s != '\\' || !s[1]) { putchar(*s); continue; }
            s++;
            switch (*s) {
            case 'n': putchar('\n'); break;
            case 't': putchar('\t'); break;
            case '\\': putchar('\\'); break;
            case 'c': return 0;
            case 'x': {
                int v = 0, k = 0;
                while (k < 2 && hexval(s[1]) >= 0) { v = v * 16 + hexval(s[1]); s++; k++; }
                if (k == 0) { putchar('\\'); putchar('x'); } else putchar(v);
                break;
            }
            default: putchar('\\'); putchar(*s);
            }
        }
    }
    if (newline) putchar('\n');
    return 0;
}
