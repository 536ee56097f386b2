/* A word counter over standard input that remembers the first letter of each word in a buffer
   of 2: the third word writes past its end (an off-by-one family bug that needs 5 bytes of
   input, "a b c"). */
#include <ctype.h>
#include <stdio.h>

int main(void) {
    int c, lines = 0, words = 0, in = 0;
    char first[2];
    while ((c = getchar()) != EOF) {
        if (c == '\n')
            lines++;
        if (isspace(c)) {
            in = 0;
        } else if (!in) {
            in = 1;
            first[words++] = (char)c;
        }
    }
    printf("%d %d %c\n", lines, words, words ? first[0] : '-');
    return 0;
}
