/* Differential driver: <string.h> and <strings.h> on two strings read from standard input
   (separated by the first '|'); prints every result. strcoll is glibc's in the "C" locale (the
   only locale the model has, and the driver's under glibc: it never calls setlocale), which is
   strcmp; strerror is in the stdlib driver. */
#define _GNU_SOURCE
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
    p = strcasestr(a, b);
    char *q = strcasestr(a, "aB");
    printf("casestr %ld %ld coll %d %d\n", p ? (long)(p - a) : -1L, q ? (long)(q - a) : -1L, strcoll(a, b),
           strcoll(b, a));
    p = memrchr(a, b[0], la);
    q = memrchr(b, 'a', lb);
    printf("memrchr %ld %ld", p ? (long)(p - a) : -1L, q ? (long)(q - b) : -1L);
    printf(" chrnul %ld %ld %ld", (long)(strchrnul(a, b[0]) - a), (long)(strchrnul(a, 'z') - a),
           (long)(strchrnul(b, '\0') - b));
    p = index(a, b[0]);
    q = rindex(b, a[0]);
    printf(" index %ld %ld", p ? (long)(p - a) : -1L, q ? (long)(q - b) : -1L);
    p = index(b, ',');
    q = rindex(a, ' ');
    printf(" %ld %ld\n", p ? (long)(p - b) : -1L, q ? (long)(q - a) : -1L);
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
    /* Pointers copied by memcpy and moved (overlapping) by memmove stay pointers. */
    const char *ptrs[6] = {a, b, a + la / 2, b + lb / 2, "lit", ""}, *pc[6];
    memcpy(pc, ptrs, sizeof ptrs);
    memmove(ptrs + 1, ptrs, 5 * sizeof ptrs[0]);
    memmove(pc, pc + 2, 4 * sizeof pc[0]);
    printf("ptrs [%s] [%s] [%s] [%s] [%s]\n", ptrs[0], ptrs[1], ptrs[5], pc[0], pc[3]);
    char *end = stpcpy(buf, b);
    end = stpcpy(end, "-");
    printf("stpcpy %ld [%s]\n", (long)(stpcpy(end, a) - buf), buf);
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
    /* strtok_r: two tokenizers in turn, each with its own save pointer. */
    char ta[64], tb[64], *sa = NULL, *sb = NULL;
    strcpy(ta, a);
    strcpy(tb, b);
    char *xa = strtok_r(ta, " ,", &sa), *xb = strtok_r(tb, "a,", &sb);
    while (xa || xb) {
        printf("tok_r [%s] [%s]\n", xa ? xa : "-", xb ? xb : "-");
        if (xa)
            xa = strtok_r(NULL, " ,", &sa);
        if (xb)
            xb = strtok_r(NULL, "a,", &sb);
    }
    return 0;
}
