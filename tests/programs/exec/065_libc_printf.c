/* The printf family: snprintf, sprintf, fprintf to stdout, truncation, length modifiers. */
#include <stdio.h>
#include <string.h>
int main(void) {
    char buf[32];
    int n = snprintf(buf, sizeof buf, "[%5d|%-4s|%x|%03u|%c%%]", -42, "ab", 255, 7u, 'z');
    printf("%d %s\n", n, buf);
    n = sprintf(buf, "%+d %#o %#X %.3d %*d", 5, 8, 255, 7, 4, 1);
    printf("%d %s\n", n, buf);
    fprintf(stdout, "to %s\n", "stdout");
    n = snprintf(buf, 4, "%s", "truncated");
    printf("%d [%s] %ld %lu %hhd %lld\n", n, buf, -3L, 3000000000UL, (signed char)300, -9000000000LL);
    return 0;
}
