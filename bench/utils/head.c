/* head [-n N]: prints the first N lines (default 3) of standard input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    long n = 3;
    if (argc == 3 && strcmp(argv[1], "-n") == 0) {
        char *end;
        n = strtol(argv[2], &end, 10);
        if (*end || end == argv[2] || n < 0) { fprintf(stderr, "head: invalid number of lines\n"); return 1; }
    } else if (argc != 1) {
        fprintf(stderr, "usage: head [-n N]\n");
        return 1;
    }
    long lines = 0;
    int c;
    while (lines < n && (c = getchar()) != EOF) {
        putchar(c);
        if (c == '\n') lines++;
    }
    return 0;
}
