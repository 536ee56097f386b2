/* <stdlib.h> (malloc, calloc, free, exit and abort are kappa's own operations), <errno.h>. */
#include <errno.h>
#include <limits.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* The library knows whether `n` bytes from `p` lie inside p's object: the front-end lowers this
   name to the IR predicate `InBounds(p, n)` (realloc copies what the old block holds). */
int __kappa_in_bounds(const void *p, size_t n);
/* Copies bytes just read and written, with the pointers they hold (string.c). */
void __kappa_memcopy(void *dst, const void *src, size_t n);

static int __kappa_errno_value = 0;

int *__errno_location(void) {
    return &__kappa_errno_value;
}

int abs(int x) {
    return x < 0 ? -x : x;
}

long labs(long x) {
    return x < 0 ? -x : x;
}

long long llabs(long long x) {
    return x < 0 ? -x : x;
}

div_t div(int a, int b) {
    div_t r;
    r.quot = a / b;
    r.rem = a % b;
    return r;
}

ldiv_t ldiv(long a, long b) {
    ldiv_t r;
    r.quot = a / b;
    r.rem = a % b;
    return r;
}

static int __kappa_space(int c) {
    return c == ' ' || (c >= '\t' && c <= '\r');
}

static int __kappa_digit_value(int c) {
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10;
    return 99;
}

/* The digits of strtol and friends as glibc reads them: white space, a sign, a `0x` prefix (base
   16 or 0), digits. Returns the magnitude, saturated at `max` (then *range is set); *neg tells
   the sign; *endptr is after the last digit, or nptr when there is none. */
static unsigned long long __kappa_strto(const char *nptr, char **endptr, int base, unsigned long long max, int *neg,
                                        int *range) {
    const char *s = nptr;
    *neg = 0;
    *range = 0;
    if (base < 0 || base == 1 || base > 36) {
        errno = EINVAL;
        if (endptr)
            *endptr = (char *)nptr;
        return 0;
    }
    while (__kappa_space((unsigned char)*s))
        s++;
    if (*s == '-') {
        *neg = 1;
        s++;
    } else if (*s == '+') {
        s++;
    }
    if ((base == 0 || base == 16) && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
        __kappa_digit_value((unsigned char)s[2]) < 16) {
        s += 2;
        base = 16;
    } else if (base == 0) {
        base = s[0] == '0' ? 8 : 10;
    }
    unsigned long long cutoff = max / (unsigned)base, acc = 0;
    int cutlim = (int)(max % (unsigned)base);
    const char *start = s;
    for (;; s++) {
        int d = __kappa_digit_value((unsigned char)*s);
        if (d >= base)
            break;
        if (*range || acc > cutoff || (acc == cutoff && d > cutlim))
            *range = 1;
        else
            acc = acc * (unsigned)base + (unsigned)d;
    }
    if (s == start) {
        if (endptr)
            *endptr = (char *)nptr;
        *neg = 0;
        return 0;
    }
    if (endptr)
        *endptr = (char *)s;
    if (*range) {
        errno = ERANGE;
        return max;
    }
    return acc;
}

long strtol(const char *restrict nptr, char **restrict endptr, int base) {
    int neg = 0, range = 0;
    unsigned long long m = __kappa_strto(nptr, endptr, base, ULONG_MAX, &neg, &range);
    if (range)
        return neg ? LONG_MIN : LONG_MAX;
    if (!neg && m > (unsigned long long)LONG_MAX) {
        errno = ERANGE;
        return LONG_MAX;
    }
    if (neg && m > (unsigned long long)LONG_MAX + 1) {
        errno = ERANGE;
        return LONG_MIN;
    }
    return neg ? (long)(0 - (unsigned long)m) : (long)m;
}

long long strtoll(const char *restrict nptr, char **restrict endptr, int base) {
    int neg = 0, range = 0;
    unsigned long long m = __kappa_strto(nptr, endptr, base, ULLONG_MAX, &neg, &range);
    if (range)
        return neg ? LLONG_MIN : LLONG_MAX;
    if (!neg && m > (unsigned long long)LLONG_MAX) {
        errno = ERANGE;
        return LLONG_MAX;
    }
    if (neg && m > (unsigned long long)LLONG_MAX + 1) {
        errno = ERANGE;
        return LLONG_MIN;
    }
    return neg ? (long long)(0 - m) : (long long)m;
}

unsigned long strtoul(const char *restrict nptr, char **restrict endptr, int base) {
    int neg = 0, range = 0;
    unsigned long long m = __kappa_strto(nptr, endptr, base, ULONG_MAX, &neg, &range);
    if (range)
        return ULONG_MAX;
    return neg ? (unsigned long)(0 - m) : (unsigned long)m;
}

unsigned long long strtoull(const char *restrict nptr, char **restrict endptr, int base) {
    int neg = 0, range = 0;
    unsigned long long m = __kappa_strto(nptr, endptr, base, ULLONG_MAX, &neg, &range);
    if (range)
        return ULLONG_MAX;
    return neg ? 0 - m : m;
}

int atoi(const char *s) {
    return (int)strtol(s, NULL, 10);
}

long atol(const char *s) {
    return strtol(s, NULL, 10);
}

long long atoll(const char *s) {
    return strtoll(s, NULL, 10);
}

/* realloc as a program calls it: the front-end allocates the new block `q` of `n` bytes at the
   call, nondet-initialised as malloc's (C11 7.22.3.5: the bytes past the old size are
   indeterminate), and this copies the old block's bytes into it as far as the old block reaches.
   The library never fails an allocation, so neither does this. */
void *__kappa_realloc_into(void *p, size_t n, void *q) {
    if (p == NULL)
        return q;
    if (n == 0) {
        free(q);
        free(p);
        return NULL;
    }
    const unsigned char *old = p;
    unsigned char *d = q;
    size_t i = 0;
    for (; i < n && __kappa_in_bounds(old + i, 1); i++)
        d[i] = old[i];
    __kappa_memcopy(d, old, i);
    free(p);
    return q;
}

/* realloc inside the library (reallocarray, getdelim): the old block's bytes are copied as far
   as the old block reaches; memory the library allocates is zero-filled (linking makes every
   library allocation so), where glibc leaves it arbitrary; the library's callers write the
   bytes they later read. */
void *realloc(void *p, size_t n) {
    if (p == NULL)
        return malloc(n);
    if (n == 0) {
        free(p);
        return NULL;
    }
    unsigned char *q = malloc(n);
    const unsigned char *old = p;
    if (q == NULL)
        return NULL;
    size_t i = 0;
    for (; i < n && __kappa_in_bounds(old + i, 1); i++)
        q[i] = old[i];
    __kappa_memcopy(q, old, i);
    free(p);
    return q;
}

void *reallocarray(void *p, size_t n, size_t size) {
    if (size != 0 && n > (size_t)-1 / size) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(p, n * size);
}

/* The environment is empty. */
char *getenv(const char *name) {
    (void)name;
    return NULL;
}

char *secure_getenv(const char *name) {
    (void)name;
    return NULL;
}

/* glibc's rand(): the TYPE_3 additive feedback generator of random_r.c, seeded as srandom_r. */
static int __kappa_rand_state[34] = {0};
static int __kappa_rand_f = 3, __kappa_rand_r = 0, __kappa_rand_seeded = 0;

void srand(unsigned seed) {
    int *r = __kappa_rand_state;
    if (seed == 0)
        seed = 1;
    r[0] = (int)seed;
    for (int i = 1; i < 31; i++) {
        long hi = r[i - 1] / 127773, lo = r[i - 1] % 127773;
        long word = 16807 * lo - 2836 * hi;
        if (word < 0)
            word += 2147483647;
        r[i] = (int)word;
    }
    __kappa_rand_f = 3;
    __kappa_rand_r = 0;
    __kappa_rand_seeded = 1;
    for (int i = 0; i < 310; i++)
        rand();
}

int rand(void) {
    int *r = __kappa_rand_state;
    if (!__kappa_rand_seeded)
        srand(1);
    r[__kappa_rand_f] = (int)((unsigned)r[__kappa_rand_f] + (unsigned)r[__kappa_rand_r]);
    int result = (int)((unsigned)r[__kappa_rand_f] >> 1);
    __kappa_rand_f = __kappa_rand_f + 1 == 31 ? 0 : __kappa_rand_f + 1;
    __kappa_rand_r = __kappa_rand_r + 1 == 31 ? 0 : __kappa_rand_r + 1;
    return result;
}

/* qsort and bsearch call the program's comparator, a function pointer, which kappa does not
   support in general: the front-end binds the comparator of each call site, and the linker
   makes a copy of these models per comparator, calling it where they call __kappa_qsort_cmp or
   __kappa_bsearch_cmp. So that copies share nothing, they call no other function and touch no
   global. The sort is stable (insertion sort), as glibc's merge sort is for arrays it can
   allocate a buffer for. Elements are swapped through a buffer by byte loops (checked accesses)
   each followed by __kappa_memcopy, so that pointers in the elements stay pointers. */
int __kappa_qsort_cmp(const void *a, const void *b);
int __kappa_bsearch_cmp(const void *key, const void *elem);

void __kappa_qsort(void *base, size_t n, size_t size) {
    unsigned char *b = base, *t = malloc(size);
    for (size_t i = 1; i < n; i++) {
        for (size_t j = i; j > 0 && __kappa_qsort_cmp(b + (j - 1) * size, b + j * size) > 0; j--) {
            unsigned char *x = b + (j - 1) * size, *y = b + j * size;
            size_t k = 0;
            for (; k < size; k++)
                t[k] = x[k];
            __kappa_memcopy(t, x, k);
            for (k = 0; k < size; k++)
                x[k] = y[k];
            __kappa_memcopy(x, y, k);
            for (k = 0; k < size; k++)
                y[k] = t[k];
            __kappa_memcopy(y, t, k);
        }
    }
    free(t);
}

void *__kappa_bsearch(const void *key, const void *base, size_t n, size_t size) {
    size_t lo = 0, hi = n;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        const unsigned char *e = (const unsigned char *)base + mid * size;
        int c = __kappa_bsearch_cmp(key, e);
        if (c < 0)
            hi = mid;
        else if (c > 0)
            lo = mid + 1;
        else
            return (void *)e;
    }
    return NULL;
}
