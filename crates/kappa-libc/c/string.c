/* <string.h> and <strings.h> (comparisons return the difference of the first differing bytes,
   as glibc does on x86-64): byte loops, so that every access is checked (a copy past the end of
   its buffer is an out_of_bounds error at the program's call) and symbolic bytes stay symbolic. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

size_t __kappa_select(int c, size_t a, size_t b);

/* Copies n bytes the caller has just read and written through checked accesses, with the
   pointers they hold: the front-end lowers it to the IR's MemCopy. A byte loop copies the bytes
   of a pointer, not the pointer (kappa's memory keeps which object a stored pointer refers to
   beside its bytes), so every model that copies memory a pointer may lie in ends with it. The
   byte loop stays: it checks every access, keeps symbolic bytes symbolic, and leaves a concrete
   count on each path (MemCopy's size must be one). */
void __kappa_memcopy(void *dst, const void *src, size_t n);

void *memcpy(void *restrict dst, const void *restrict src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    size_t i = 0;
    for (; i < n; i++)
        d[i] = s[i];
    __kappa_memcopy(dst, src, i);
    return dst;
}

/* Through a copy of the source (an overlapping destination overwrites it), made once the reads
   are checked: a length past the source's end is an error there, not a huge allocation. */
void *memmove(void *dst, const void *src, size_t n) {
    unsigned char *d = dst;
    const unsigned char *s = src;
    size_t i = 0;
    for (; i < n; i++)
        (void)s[i];
    unsigned char *t = malloc(i);
    __kappa_memcopy(t, src, i);
    for (size_t j = 0; j < i; j++)
        d[j] = t[j];
    __kappa_memcopy(dst, t, i);
    free(t);
    return dst;
}

void *memset(void *dst, int c, size_t n) {
    unsigned char *d = dst;
    for (size_t i = 0; i < n; i++)
        d[i] = (unsigned char)c;
    return dst;
}

/* C11 7.24.4.1 compares "the first n characters" of both objects and, unlike memchr (7.24.5.1),
   is not said to stop at the first difference: both must hold n bytes, whatever the bytes (glibc
   reads whole words, and AddressSanitizer checks both whole ranges). So the first and the last
   byte of each are read before the comparison stops early; with them the whole range is in its
   object. */
int memcmp(const void *a, const void *b, size_t n) {
    const unsigned char *p = a, *q = b;
    if (n > 0) {
        (void)p[0];
        (void)q[0];
        (void)p[n - 1];
        (void)q[n - 1];
    }
    for (size_t i = 0; i < n; i++)
        if (p[i] != q[i])
            return p[i] - q[i];
    return 0;
}

void *memchr(const void *s, int c, size_t n) {
    const unsigned char *p = s;
    for (size_t i = 0; i < n; i++)
        if (p[i] == (unsigned char)c)
            return (void *)(p + i);
    return NULL;
}

void *memrchr(const void *s, int c, size_t n) {
    const unsigned char *p = s;
    for (size_t i = n; i > 0; i--)
        if (p[i - 1] == (unsigned char)c)
            return (void *)(p + i - 1);
    return NULL;
}

size_t strlen(const char *s) {
    size_t n = 0;
    while (s[n])
        n++;
    return n;
}

size_t strnlen(const char *s, size_t max) {
    size_t n = 0;
    while (n < max && s[n])
        n++;
    return n;
}

char *strcpy(char *restrict dst, const char *restrict src) {
    size_t i = 0;
    while ((dst[i] = src[i]) != 0)
        i++;
    return dst;
}

char *stpcpy(char *restrict dst, const char *restrict src) {
    size_t i = 0;
    while ((dst[i] = src[i]) != 0)
        i++;
    return dst + i;
}

char *strncpy(char *restrict dst, const char *restrict src, size_t n) {
    size_t i = 0;
    for (; i < n && src[i]; i++)
        dst[i] = src[i];
    for (; i < n; i++)
        dst[i] = 0;
    return dst;
}

char *strcat(char *restrict dst, const char *restrict src) {
    strcpy(dst + strlen(dst), src);
    return dst;
}

char *strncat(char *restrict dst, const char *restrict src, size_t n) {
    char *d = dst + strlen(dst);
    size_t i = 0;
    for (; i < n && src[i]; i++)
        d[i] = src[i];
    d[i] = 0;
    return dst;
}

int strcmp(const char *a, const char *b) {
    size_t i = 0;
    while (a[i] && a[i] == b[i])
        i++;
    return (unsigned char)a[i] - (unsigned char)b[i];
}

int strncmp(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char x = (unsigned char)a[i], y = (unsigned char)b[i];
        if (x != y)
            return x - y;
        if (x == 0)
            return 0;
    }
    return 0;
}

int strcoll(const char *a, const char *b) {
    return strcmp(a, b);
}

static int __kappa_lower(int c) {
    return c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
}

int strcasecmp(const char *a, const char *b) {
    size_t i = 0;
    for (;; i++) {
        int x = __kappa_lower((unsigned char)a[i]), y = __kappa_lower((unsigned char)b[i]);
        if (x != y)
            return x - y;
        if (x == 0)
            return 0;
    }
}

int strncasecmp(const char *a, const char *b, size_t n) {
    for (size_t i = 0; i < n; i++) {
        int x = __kappa_lower((unsigned char)a[i]), y = __kappa_lower((unsigned char)b[i]);
        if (x != y)
            return x - y;
        if (x == 0)
            return 0;
    }
    return 0;
}

/* The comparisons with c are values, not branches: a symbolic c looked up in a concrete string
   (an alphabet, a set of flags, strspn's accept set) is one path per outcome, found or not, at
   a position that is an ite-term over the string's characters (built from the end, so that the
   first match wins), instead of one path per character of the string. Only the terminator
   search branches, as any scan of the string does. */
char *strchr(const char *s, int c) {
    char ch = (char)c;
    size_t n = 0;
    while (s[n])
        n++;
    size_t pos = __kappa_select(ch == 0, n, (size_t)-1);
    for (size_t j = n; j-- > 0;)
        pos = __kappa_select(s[j] == ch, j, pos);
    return pos == (size_t)-1 ? NULL : (char *)(s + pos);
}

/* strchr of a constant character: the program's `strchr(s, ']')` is linked here (link.rs). The
   string is then what is symbolic (a line of input), and a branch-free position would be an
   ite-term over all its characters that every access through the result carries into the
   solver; forking at the first match, as any scan of the string does, keeps the position
   concrete on each path. A constant character has no symbolic matches to multiply paths. */
char *__kappa_strchr_const(const char *s, int c) {
    char ch = (char)c;
    for (size_t i = 0;; i++) {
        if (s[i] == ch)
            return (char *)(s + i);
        if (s[i] == 0)
            return NULL;
    }
}

char *strchrnul(const char *s, int c) {
    size_t i = 0;
    while (s[i] && s[i] != (char)c)
        i++;
    return (char *)(s + i);
}

char *strrchr(const char *s, int c) {
    const char *last = NULL;
    size_t i = 0;
    for (;; i++) {
        if (s[i] == (char)c)
            last = s + i;
        if (s[i] == 0)
            return (char *)last;
    }
}

char *index(const char *s, int c) {
    return strchr(s, c);
}

char *rindex(const char *s, int c) {
    return strrchr(s, c);
}

size_t strspn(const char *s, const char *accept) {
    size_t n = 0;
    while (s[n] && strchr(accept, s[n]))
        n++;
    return n;
}

size_t strcspn(const char *s, const char *reject) {
    size_t n = 0;
    while (s[n] && !strchr(reject, s[n]))
        n++;
    return n;
}

char *strpbrk(const char *s, const char *accept) {
    s += strcspn(s, accept);
    return *s ? (char *)s : NULL;
}

char *strstr(const char *hay, const char *needle) {
    size_t n = strlen(needle);
    for (size_t i = 0;; i++) {
        if (strncmp(hay + i, needle, n) == 0)
            return (char *)(hay + i);
        if (hay[i] == 0)
            return NULL;
    }
}

char *strcasestr(const char *hay, const char *needle) {
    size_t n = strlen(needle);
    for (size_t i = 0;; i++) {
        if (strncasecmp(hay + i, needle, n) == 0)
            return (char *)(hay + i);
        if (hay[i] == 0)
            return NULL;
    }
}

char *strtok_r(char *restrict s, const char *restrict delim, char **restrict save) {
    if (s == NULL)
        s = *save;
    s += strspn(s, delim);
    if (*s == 0) {
        *save = s;
        return NULL;
    }
    char *end = s + strcspn(s, delim);
    if (*end == 0) {
        *save = end;
    } else {
        *end = 0;
        *save = end + 1;
    }
    return s;
}

static char *__kappa_strtok_save = NULL;

char *strtok(char *restrict s, const char *restrict delim) {
    return strtok_r(s, delim, &__kappa_strtok_save);
}

char *strsep(char **sp, const char *delim) {
    char *s = *sp;
    if (s == NULL)
        return NULL;
    char *end = s + strcspn(s, delim);
    if (*end) {
        *end = 0;
        *sp = end + 1;
    } else {
        *sp = NULL;
    }
    return s;
}

char *strdup(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d == NULL)
        return NULL;
    return memcpy(d, s, n);
}

char *strndup(const char *s, size_t max) {
    size_t n = strnlen(s, max);
    char *d = malloc(n + 1);
    if (d == NULL)
        return NULL;
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

#include "strerror_table.h"

/* glibc's message, or "Unknown error E" written into a buffer of the library, as glibc does. */
static char __kappa_strerror_buf[32] = {0};

char *strerror(int e) {
    const char *m = __kappa_strerror_message(e);
    if (m != NULL)
        return (char *)m;
    const char *prefix = "Unknown error ";
    char *b = __kappa_strerror_buf;
    size_t n = 0;
    while (prefix[n]) {
        b[n] = prefix[n];
        n++;
    }
    unsigned u = (unsigned)e;
    if (e < 0) {
        b[n++] = '-';
        u = 0 - u;
    }
    char digits[12] = {0};
    size_t k = 0;
    do {
        digits[k++] = (char)('0' + u % 10);
        u /= 10;
    } while (u != 0);
    while (k > 0)
        b[n++] = digits[--k];
    b[n] = 0;
    return b;
}
