/* AFL++ harness for the utilities benchmark: the fuzzed file holds the command line and standard
   input, "ARG1\0ARG2\0...\x01STDIN" (no \x01: arguments only), at most 4 arguments; the utility's
   main (renamed util_main) runs on them. Compiled with -DUTIL=\"name.c\", and -DMAIN_NOARGS when the
   utility's main is main(void) (it then only reads standard input). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define main util_main
#include UTIL
#undef main

int main(int argc, char **argv) {
    static char data[1 << 16];
    FILE *f = argc > 1 ? fopen(argv[1], "rb") : NULL;
    size_t n = f ? fread(data, 1, sizeof data - 1, f) : 0;
    if (f) fclose(f);
    char *sep = memchr(data, 1, n);
    size_t nargs_bytes = sep ? (size_t)(sep - data) : n;
    char *args[6];
    int ac = 0;
    args[ac++] = "util";
    size_t start = 0;
    while (start < nargs_bytes && ac < 5) {
        size_t len = strnlen(data + start, nargs_bytes - start);
        char *a = malloc(len + 1);
        memcpy(a, data + start, len);
        a[len] = 0;
        args[ac++] = a;
        start += len + 1;
    }
    args[ac] = NULL;
    if (sep && n - nargs_bytes - 1 > 0) {
        FILE *in = fmemopen(sep + 1, n - nargs_bytes - 1, "r");
        if (in) stdin = in;
    } else {
        FILE *in = fopen("/dev/null", "r");
        if (in) stdin = in;
    }
#ifdef MAIN_NOARGS
    (void)ac;
    return util_main();
#else
    return util_main(ac, args);
#endif
}
