/* urldecode STRING: decodes %XY escapes and '+' of a URL component. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static int hex(int c) {
    return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

int main(int argc, char **argv) {
    char out[16];
    size_t o = 0;
    if (argc != 2) { fprintf(stderr, "usage: urldecode STRING\n"); return 1; }
    const char *s = argv[1];
    for (size_t i = 0; s[i] && o < sizeof out - 1; i++) {
        if (s[i] == '+') {
            out[o++] = ' ';
        } else if (s[i] == '%' && isxdigit((unsigned char)s[i + 1])) {
            /* PLANTED BUG (read past the terminator): the second digit is not checked, so "%4" at
               the end of the string skips its NUL and the loop reads past it. */
            out[o++] = (char)(hex(s[i + 1]) * 16 + hex(s[i + 2]));
            i += 2;
        } else {
            out[o++] = s[i];
        }
    }
    out[o] = 0;
    printf("%s\n", out);
    return 0;
}
