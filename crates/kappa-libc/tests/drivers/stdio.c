/* Differential driver: reading standard input with getchar, ungetc, fgets, fread, getline,
   getdelim, getc, getc_unlocked, getchar_unlocked, feof and ferror, and snprintf/sprintf/printf
   of what was read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    int c = getchar();
    printf("first %d\n", c);
    if (c != EOF)
        printf("unget %d\n", ungetc(c, stdin));
    char line[8];
    while (fgets(line, sizeof line, stdin)) {
        printf("line [%s] %zu eof %d\n", line, strlen(line), feof(stdin));
        if (strchr(line, '#'))
            break;
    }
    char buf[5];
    size_t n = fread(buf, 1, 4, stdin);
    buf[n] = 0;
    printf("fread %zu [%s] eof %d err %d\n", n, buf, feof(stdin), ferror(stdin));
    char *l = NULL;
    size_t cap = 0;
    long r = getline(&l, &cap, stdin);
    printf("getline %ld [%s]\n", r, r >= 0 ? l : "");
    r = getdelim(&l, &cap, ',', stdin);
    printf("getdelim %ld [%s]\n", r, r >= 0 ? l : "");
    r = getdelim(&l, &cap, 'a', stdin);
    printf("getdelim %ld [%s]\n", r, r >= 0 ? l : "");
    free(l);
    int g1 = getc(stdin), g2 = getc_unlocked(stdin), g3 = getchar_unlocked();
    printf("getc %d %d %d\n", g1, g2, g3);
    char out[16];
    int k = snprintf(out, sizeof out, "%s|%5.2s|%-3d|%x", buf, line, (int)n, (unsigned)c);
    printf("snprintf %d [%s]\n", k, out);
    k = sprintf(out, "%c%c%04d", c > 0 ? c : '?', 'x', c);
    printf("sprintf %d [%s] eof %d\n", k, out, feof(stdin));
    clearerr(stdin);
    int e = feof(stdin);
    printf("after clearerr %d %d\n", e, getchar());
    return 0;
}
