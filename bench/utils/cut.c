/* cut -f N [-d C]: prints field N (1-based) of each line of standard input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXF 4

int main(int argc, char **argv) {
    char delim = '\t';
    long field = 0;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "-f") == 0)
            field = strtol(argv[i + 1], NULL, 10); /* PLANTED BUG (unchecked strtol): 0 or a
                                                      negative N indexes before `starts` */
        else if (strcmp(argv[i], "-d") == 0 && strlen(argv[i + 1]) == 1)
            delim = argv[i + 1][0];
        else { fprintf(stderr, "cut: bad option %s\n", argv[i]); return 1; }
    }
    if (field == 0 && argc < 3) { fprintf(stderr, "cut: no field\n"); return 1; }
    char line[32];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\n")] = 0;
        char *starts[MAXF];
        int n = 0;
        starts[n++] = line;
        for (char *p = line; *p && n < MAXF; p++)
            if (*p == delim) { *p = 0; starts[n++] = p + 1; }
        if (field > MAXF) continue;
        if (field <= n) puts(starts[field - 1]);
        else puts("");
    }
    return 0;
}
