/* fmtcheck FORMAT: checks a printf format string and prints how many arguments it consumes,
   or where it is malformed. */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: fmtcheck FORMAT\n"); return 2; }
    const char *f = argv[1];
    int args = 0;
    for (size_t i = 0; f[i]; i++) {
        if (f[i] != '%') continue;
        i++;
        if (f[i] == '%') continue;
        while (f[i] && strchr("-+ #0", f[i])) i++;
        if (f[i] == '*') { args++; i++; } else while (f[i] >= '0' && f[i] <= '9') i++;
        if (f[i] == '.') {
            i++;
            if (f[i] == '*') { args++; i++; } else while (f[i] >= '0' && f[i] <= '9') i++;
        }
        if (f[i] == 'h' || f[i] == 'l') { i++; if (f[i] == f[i - 1]) i++; }
        else if (f[i] && strchr("zjt", f[i])) i++;
        if (f[i] == 0 || !strchr("diouxXcsp", f[i])) {
            printf("bad conversion at %zu\n", i);
            return 1;
        }
        args++;
    }
    printf("%d arguments\n", args);
    return 0;
}
