#define _GNU_SOURCE
/* Differential driver: strtol and friends, atoi, abs on the text of standard input, in bases
   0, 8, 10, 16 and 36; errno and the end pointer too. Then the rest of <stdlib.h> on numbers
   taken from the input: div, ldiv, llabs, strerror (every message is glibc's), realloc,
   reallocarray, calloc, malloc, alloca, getenv, secure_getenv, rand and srand; the exit status
   comes from the input too.
   - getenv: the model's environment is empty, and the test runs the glibc build with an empty
     environment too (env_clear), so both must say NULL for any name.
   - rand: the model is glibc's generator (TYPE_3 of random_r.c), so the numbers themselves are
     compared, not only what C promises (the same seed gives the same sequence; srand(1) is the
     sequence before any srand).
   - Memory the library allocates is zero-filled in the model and arbitrary in glibc: only bytes
     the program wrote, and calloc's zeros, are printed. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <alloca.h>
#include <limits.h>
#include <string.h>

static const char *names_of_numbers[3] = {"zero", "one", "two"};

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

    /* Two numbers from the input: the first and the one after it. */
    char *end;
    long x = strtol(in, &end, 10);
    long y = strtol(end, &end, 10);
    q = div((int)x, (int)y == 0 || ((int)x == INT_MIN && (int)y == -1) ? 3 : (int)y);
    ldiv_t lq = ldiv(x, y == 0 || (x == LONG_MIN && y == -1) ? -5 : y);
    printf("div %d %d ldiv %ld %ld llabs %lld %lld\n", q.quot, q.rem, lq.quot, lq.rem,
           llabs(x == LONG_MIN ? 0 : (long long)x), llabs(-(long long)(y / 2)));

    /* strerror of the errno values the library sets, of 0 and of numbers from the input (known
       messages and "Unknown error N" alike). */
    int errs[] = {0, EPERM, ENOENT, EBADF, ENOMEM, EINVAL, EMFILE, ERANGE, (int)(x % 150), (int)y, -1};
    for (int i = 0; i < 11; i++)
        printf("strerror %d [%s]\n", errs[i], strerror(errs[i]));

    /* realloc keeps what the block held, as far as both sizes reach; reallocarray refuses an
       overflowing product with ENOMEM and leaves the block alone. */
    size_t n = (size_t)labs(x % 40);
    char *p = realloc(NULL, 5);
    memcpy(p, "abcd", 5);
    p = realloc(p, n + 1);
    p[n] = 0;
    printf("realloc %zu [%.4s]", n, p);
    errno = 0;
    char *r = reallocarray(p, (size_t)-1 / 2 + 1 + (size_t)(y & 3), 2 + (size_t)(y & 1));
    printf(" reallocarray %d errno %d", r == NULL, errno);
    r = reallocarray(p, n + 2, 3);
    r[n] = 0;
    printf(" [%.4s]", r);
    printf(" realloc0 %d\n", realloc(r, 0) == NULL);
    /* A growing array of pointers: realloc copies the pointers, not only their bytes. */
    const char **v = NULL;
    for (size_t i = 0; i < n % 6 + 2; i++) {
        v = realloc(v, (i + 1) * sizeof *v);
        v[i] = i % 2 ? in : names_of_numbers[i % 3];
    }
    printf("vector [%s] [%s] [%.3s]\n", v[0], v[1], v[n % 6 + 1]);
    free(v);
    size_t m = (size_t)labs(y % 9);
    int *c = calloc(n, m * sizeof(int));
    long sum = 0;
    for (size_t i = 0; i < n * m; i++)
        sum += c[i] + 1;
    printf("calloc %zu %zu sum %ld\n", n, m, sum);
    free(c);
    free(calloc(0, 0));
    /* calloc whose size overflows size_t returns NULL (C11 7.22.3.2), for a count from the
       input too. */
    size_t huge = ((size_t)1 << (sizeof(size_t) * 8 - 3)) + n;
    printf("calloc overflow %d %d\n", calloc(huge, 8) == NULL, calloc(8, huge) == NULL);
    /* malloc and alloca: blocks of the asked size, written and read back. */
    char *mb = malloc(n + 1), *ab = alloca(m + 1);
    memset(mb, 'm', n);
    mb[n] = 0;
    memset(ab, 'a', m);
    ab[m] = 0;
    printf("malloc [%s] alloca [%s]\n", mb, ab);
    free(mb);

    /* The environment is empty. */
    const char *names[] = {in, end, "PATH", "HOME", "", "KAPPA"};
    for (int i = 0; i < 6; i++)
        printf("getenv %d %d ", getenv(names[i]) == NULL, secure_getenv(names[i]) == NULL);
    printf("\n");

    /* rand before any srand is srand(1)'s sequence; srand(0) is srand(1)'s too. Only when the
       input starts with a seed (or is empty: srand(0)), as srand costs the interpreter 310
       calls of rand. */
    if (in[0] == 0 || (in[0] >= '0' && in[0] <= '9') || in[0] == '-') {
        int r1 = rand(), r2 = rand();
        srand((unsigned)x);
        int s1 = rand(), s2 = rand(), s3 = rand();
        srand((unsigned)x);
        int t1 = rand(), t2 = rand(), t3 = rand();
        printf("rand %d %d seed %u: %d %d %d again %d\n", r1, r2, (unsigned)x, s1, s2, s3,
               s1 == t1 && s2 == t2 && s3 == t3);
    }
    exit((int)(y % 300));
}
