/* Differential driver: every <ctype.h> macro and function on every byte of standard input and
   on EOF, and on every value -128..255. */
#include <ctype.h>
#include <stdio.h>

static void show(int c) {
    printf("%d:%d%d%d%d%d%d%d%d%d%d%d%d %d %d|", c, !!isalnum(c), !!isalpha(c), !!iscntrl(c), !!isdigit(c),
           !!isgraph(c), !!islower(c), !!isprint(c), !!ispunct(c), !!isspace(c), !!isupper(c), !!isxdigit(c),
           !!isblank(c), tolower(c), toupper(c));
    printf("%d%d%d%d%d%d %d %d\n", !!(isalnum)(c), !!(isdigit)(c), !!(isspace)(c), !!(isupper)(c), !!(isxdigit)(c),
           !!(ispunct)(c), (tolower)(c), (toupper)(c));
}

int main(void) {
    int c;
    while ((c = getchar()) != EOF)
        show(c);
    show(EOF);
    for (c = -128; c < 256; c += 7)
        show(c);
    return 0;
}
