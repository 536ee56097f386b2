/* wc [-l|-w|-c]: counts lines, words and bytes of standard input. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    int show_l = 1, show_w = 1, show_c = 1;
    if (argc > 1) {
        if (strcmp(argv[1], "-l") == 0) show_w = show_c = 0;
        else if (strcmp(argv[1], "-w") == 0) show_l = show_c = 0;
        else if (strcmp(argv[1], "-c") == 0) show_l = show_w = 0;
        else { fprintf(stderr, "wc: invalid option %s\n", argv[1]); return 1; }
    }
    long lines = 0, words = 0, bytes = 0;
    int c, in_word = 0;
    while ((c = getchar()) != EOF) {
        bytes++;
        if (c == '\n') lines++;
        if (isspace(c)) in_word = 0;
        else if (!in_word) { in_word = 1; words++; }
    }
    if (show_l) printf("%ld ", lines);
    if (show_w) printf("%ld ", words);
    if (show_c) printf("%ld", bytes);
    printf("\n");
    return 0;
}
