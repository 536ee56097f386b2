/* Differential driver: strtol and friends, atoi, abs on the text of standard input, in bases
   0, 8, 10, 16 and 36; errno and the end pointer too. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char in[64] = {0};
    fread(in, 1, sizeof in - 1, stdin);
    int bases[] = {0, 8, 10, 16, 36, 2};
    for (int i = 0; i < 6; i++) {
        char *end;
        errno = 0;
        long v = strtol(in, &end, bases[i]);
        printf("strtol %d: %ld end %ld errno %d\n", bases[i], v, (long)(end - in), errno);
        errno = 0;
        unsigned long u = strtoul(in, &end, bases[i]);
        printf("strtoul %d: %lu end %ld errno %d\n", bases[i], u, (long)(end - in), errno);
        errno = 0;
        long long ll = strtoll(in, &end, bases[i]);
        printf("strtoll %d: %lld end %ld errno %d\n", bases[i], ll, (long)(end - in), errno);
        errno = 0;
        unsigned long long ull = strtoull(in, &end, bases[i]);
        printf("strtoull %d: %llu end %ld errno %d\n", bases[i], ull, (long)(end - in), errno);
    }
    int a = atoi(in);
    printf("atoi %d atol %ld atoll %lld abs %d labs %ld\n", a, atol(in), atoll(in), a == -2147483647 - 1 ? 0 : abs(a),
           labs((long)a * 3));
    div_t q = div(a, 7);
    printf("div %d %d\n", q.quot, q.rem);
    return 0;
}
