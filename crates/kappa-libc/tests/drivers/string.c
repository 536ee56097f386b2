/* Differential driver: <string.h> and <strings.h> on two strings read from standard input
   (separated by the first '|'); prints every result. */
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <stdlib.h>

static int sgn(int x) { return (x > 0) - (x < 0); }

int main(void) {
    char in[64] = {0};
    size_t n = fread(in, 1, sizeof in - 1, stdin);
    char *bar = memchr(in, '|', n);
    char *a = in, *b = bar ? bar + 1 : "";
    if (bar) *bar = 0;
    size_t la = strlen(a), lb = strlen(b);
    printf("len %zu %zu %zu %zu\n", la, lb, strnlen(a, 3), strnlen(b, 40));
    printf("cmp %d %d %d %d %d\n", strcmp(a, b), strncmp(a, b, 2), sgn(memcmp(a, b, la < lb ? la : lb)),
           strcasecmp(a, b), strncasecmp(a, b, 3));
    char *p = strchr(a, b[0]);
    printf("chr %ld %ld %ld\n", p ? (long)(p - a) : -1L, strrchr(a, 'a') ? (long)(strrchr(a, 'a') - a) : -1L,
           memchr(a, 'b', la) ? (long)((char *)memchr(a, 'b', la) - a) : -1L);
    /* A constant character: the forking model (__kappa_strchr_const), the terminator included. */
    char *c1 = strchr(a, ','), *c2 = strchr(a, 'b'), *c3 = strchr(a, '\0');
    printf("chr-const %ld %ld %ld\n", c1 ? (long)(c1 - a) : -1L, c2 ? (long)(c2 - a) : -1L, (long)(c3 - a));
    p = strstr(a, b);
    printf("str %ld %zu %zu", p ? (long)(p - a) : -1L, strspn(a, "abc "), strcspn(a, b));
    p = strpbrk(a, "xyz,");
    printf(" %ld\n", p ? (long)(p - a) : -1L);
    char buf[160];
    memset(buf, '#', sizeof buf);
    strcpy(buf, a);
    strcat(buf, "+");
    strncat(buf, b, 3);
    printf("cat [%s]\n", buf);
    memset(buf, 'x', 10);
    strncpy(buf, b, 6);
    printf("ncpy %d %d %d %d\n", buf[0], buf[3], buf[5], buf[7]);
    memmove(buf + 2, buf, 8);
    memcpy(buf + 20, a, la + 1);
    printf("move %.10s [%s]\n", buf, buf + 20);
    char *d = strdup(b), *e = strndup(a, 4);
    printf("dup [%s] [%s]\n", d, e);
    free(d);
    free(e);
    char tok[64];
    strcpy(tok, a);
    for (char *t = strtok(tok, " ,"); t; t = strtok(NULL, " ,"))
        printf("tok [%s]\n", t);
    strcpy(tok, b);
    char *rest = tok, *s;
    while ((s = strsep(&rest, ",")) != NULL)
        printf("sep [%s]\n", s);
    return 0;
}
