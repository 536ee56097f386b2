/* basename PATH [SUFFIX]: strips directories and an optional suffix. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    char base[8];
    if (argc < 2) { fprintf(stderr, "basename: missing operand\n"); return 1; }
    char *path = argv[1];
    size_t len = strlen(path);
    while (len > 1 && path[len - 1] == '/') len--;
    size_t start = len;
    while (start > 0 && path[start - 1] != '/') start--;
    if (len == 0) { puts("."); return 0; }
    if (start == len) { puts("/"); return 0; }
    /* PLANTED BUG (missing terminator): a name of 8 or more characters fills `base` without a
       terminating NUL, and the strlen below reads past it. */
    strncpy(base, path + start, sizeof base);
    if (len - start < sizeof base) base[len - start] = 0;
    if (argc > 2) {
        size_t bl = strlen(base), sl = strlen(argv[2]);
        if (sl < bl && strcmp(base + bl - sl, argv[2]) == 0) base[bl - sl] = 0;
    }
    printf("%s\n", base);
    return 0;
}
