/* Differential driver: every <ctype.h> macro and function on every byte of standard input and
   on EOF; on the empty input, on every value of -128..255, and tolower, toupper, isascii and
   toascii also far outside that range. */
#include <ctype.h>
#include <stdio.h>

static void show(int c) {
    printf("%d:%d%d%d%d%d%d%d%d%d%d%d%d %d %d|", c, !!isalnum(c), !!isalpha(c), !!iscntrl(c), !!isdigit(c),
           !!isgraph(c), !!islower(c), !!isprint(c), !!ispunct(c), !!isspace(c), !!isupper(c), !!isxdigit(c),
           !!isblank(c), tolower(c), toupper(c));
    printf("%d%d%d%d%d%d%d%d%d%d%d%d %d %d %d%d %d\n", !!(isalnum)(c), !!(isalpha)(c), !!(iscntrl)(c),
           !!(isdigit)(c), !!(isgraph)(c), !!(islower)(c), !!(isprint)(c), !!(ispunct)(c), !!(isspace)(c),
           !!(isupper)(c), !!(isxdigit)(c), !!(isblank)(c), (tolower)(c), (toupper)(c), !!isascii(c),
           !!(isascii)(c), (toascii)(c));
    /* The tables behind glibc's tolower and toupper macros (which need __OPTIMIZE__). */
    printf("  %d %d\n", (*__ctype_tolower_loc())[c], (*__ctype_toupper_loc())[c]);
}

/* Outside [-128, 255] only these are defined (glibc's functions, not its table macros). */
static void wide(int c) {
    printf("%d: %d %d %d %d\n", c, (tolower)(c), (toupper)(c), !!(isascii)(c), (toascii)(c));
}

int main(void) {
    int c, n = 0;
    while ((c = getchar()) != EOF) {
        show(c);
        n++;
    }
    show(EOF);
    /* Once, on the empty input (the test's first). */
    if (n == 0) {
        for (c = -128; c < 256; c++)
            show(c);
        int far[] = {-129, 256, 321, 1000, -1000, 65 + 256, 97 - 512, 0x7fffffff, -2147483647 - 1};
        for (int i = 0; i < 9; i++)
            wide(far[i]);
    }
    return 0;
}
