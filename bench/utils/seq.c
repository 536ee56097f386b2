/* seq [FIRST [INCREMENT]] LAST: prints a sequence of numbers, at most 20 of them. */
#include <stdio.h>
#include <stdlib.h>

static long number(const char *s, int *ok) {
    char *end;
    long v = strtol(s, &end, 10);
    *ok = end != s && *end == 0;
    return v;
}

int main(int argc, char **argv) {
    long first = 1, step = 1, last;
    int ok = 1, ok2 = 1;
    if (argc < 2 || argc > 4) { fprintf(stderr, "usage: seq [FIRST [INCREMENT]] LAST\n"); return 1; }
    last = number(argv[argc - 1], &ok);
    if (argc >= 3) first = number(argv[1], &ok2);
    /* PLANTED BUG (unchecked strtol): the increment is not checked, so "0" (or junk, read as 0)
       reaches the division below. */
    if (argc == 4) step = strtol(argv[2], NULL, 10);
    if (!ok || !ok2) { fprintf(stderr, "seq: invalid number\n"); return 1; }
    long count = (last - first) / step + 1;
    if (count > 20) count = 20;
    for (long i = 0; i < count; i++) printf("%ld\n", first + i * step);
    return 0;
}
