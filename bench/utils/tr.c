/* tr SET1 SET2: translates standard input; sets may hold ranges (a-z). */
#include <stdio.h>
#include <string.h>

#define SETMAX 8

/* Expands "a-c" into "abc". PLANTED BUG (off-by-one write): the bound check lets n reach
   SETMAX, so the terminator is written one past the end of `out`. */
static int expand(const char *spec, char out[SETMAX]) {
    int n = 0;
    for (size_t i = 0; spec[i]; i++) {
        if (spec[i + 1] == '-' && spec[i + 2]) {
            for (int c = (unsigned char)spec[i]; c <= (unsigned char)spec[i + 2] && n < SETMAX; c++)
                out[n++] = (char)c;
            i += 2;
        } else if (n < SETMAX) {
            out[n++] = spec[i];
        }
    }
    out[n] = 0;
    return n;
}

int main(int argc, char **argv) {
    char from[SETMAX], to[SETMAX];
    if (argc != 3) { fprintf(stderr, "usage: tr SET1 SET2\n"); return 1; }
    int nf = expand(argv[1], from), nt = expand(argv[2], to);
    if (nt == 0) { fprintf(stderr, "tr: empty SET2\n"); return 1; }
    int c;
    while ((c = getchar()) != EOF) {
        char *p = memchr(from, c, (size_t)nf);
        putchar(p ? to[(p - from) < nt ? (p - from) : nt - 1] : c);
    }
    return 0;
}
