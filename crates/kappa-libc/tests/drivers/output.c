/* Differential driver: writing to standard output through every function that can (printf with
   a format that is not a literal, puts, putchar, fputc, putc, putchar_unlocked, fputs, fwrite,
   fprintf, write), standard error and perror, setvbuf and setbuf, fflush, fileno, errors of
   streams used the wrong way, and the end of the program: return from main, exit, _Exit, _exit
   or abort, chosen by the input. The bytes and the choices come from standard input.
   - The model buffers nothing and writes at once; glibc buffers standard output (fully, as the
     test gives it a pipe, or as setvbuf and setbuf say). Where buffering would show, the driver
     flushes first: before write(1, ...), _exit, _Exit and abort, which write or end without
     glibc's buffer. setvbuf and setbuf are compared on what they return.
   - Standard error is not compared: the model discards what is written there (perror's
     message, fputs to stderr); the test sends glibc's to /dev/null. What these calls return,
     and errno after them, is compared. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char buffer[16];
static char big[BUFSIZ];

int main(void) {
    unsigned char in[40] = {0};
    size_t n = fread(in, 1, sizeof in - 1, stdin);
    int r;
    switch (in[0] % 7) {
    case 0: r = setvbuf(stdout, NULL, _IONBF, 0); break;
    case 1: r = setvbuf(stdout, buffer, _IOFBF, sizeof buffer); break;
    case 2: r = setvbuf(stdout, NULL, _IOLBF, 0); break;
    case 3: setbuf(stdout, NULL); r = -2; break;
    case 4: setbuf(stdout, big); r = -3; break;
    case 5: r = setvbuf(stdout, NULL, 3 + in[1] % 5, 0) != 0; break;
    default: r = -4; break;
    }
    printf("setvbuf %d fileno %d %d %d\n", r, fileno(stdin), fileno(stdout), fileno(stderr));

    /* Every byte of the input through a different function, and what each returns. */
    char text[40] = {0};
    for (size_t i = 0; i < n; i++) {
        int c = in[i] + (i % 3 == 0 ? 256 : 0);
        switch (i % 5) {
        case 0: r = fputc(c, stdout); break;
        case 1: r = putc(c, stdout); break;
        case 2: r = putchar_unlocked(c); break;
        case 3: r = putchar(c); break;
        default: r = fprintf(stdout, "<%d>", c); break;
        }
        printf(" %d\n", r);
        text[i] = in[i] ? (char)in[i] : '.';
    }
    r = puts(text);
    printf("puts %d", r);
    r = fputs(text, stdout);
    printf(" fputs %d", r);
    size_t w = fwrite(text, 2, n / 2 + 1, stdout);
    printf(" fwrite %zu\n", w);
    const char *fmts[] = {"%d %s\n", "%-4d|%.2s|\n", "%x:%5s\n", "%%%o%s\n"};
    r = printf(fmts[n % 4], (int)n - 20, text);
    printf("printf %d\n", r);

    /* write(1) bypasses glibc's buffer: flush first. */
    r = fflush(stdout);
    printf("fflush %d", r);
    fflush(stdout);
    long k = write(1, text, n / 2);
    printf(" write %ld", k);
    k = write(2, text, n);
    printf(" stderr %ld", k);
    errno = 0;
    k = write(0, "x", 1);
    printf(" write stdin %ld errno %d\n", k, errno);

    /* Standard error, and streams used the wrong way (EBADF, the error flag). */
    errno = EINVAL;
    perror(n % 2 ? (char *)text : NULL);
    printf("perror errno %d", errno);
    r = fputs(text, stderr);
    printf(" %d %d", r, fputc('x', stderr));
    r = fprintf(stderr, "%s|%d\n", text, (int)n);
    printf(" %d fflush %d %d\n", r, fflush(stderr), fflush(NULL));
    errno = 0;
    r = fputc('x', stdin);
    printf("fputc stdin %d err %d errno %d", r, ferror(stdin), errno);
    errno = 0;
    r = fprintf(stdin, "%d", 5);
    printf(" fprintf stdin %d errno %d", r, errno);
    clearerr(stdin);
    errno = 0;
    r = fgetc(stdout);
    printf(" fgetc stdout %d err %d errno %d", r, ferror(stdout), errno);
    clearerr(stdout);
    printf(" %d\n", ferror(stdout));

    /* The end: the status and what is still buffered. */
    int status = in[1] - 100;
    switch (in[2] % 6) {
    case 0: return status;
    case 1: exit(status);
    case 2: fflush(stdout); _Exit(status);
    case 3: fflush(stdout); _exit(status);
    case 4: fflush(stdout); abort();
    default: break;
    }
    printf("end\n");
    return 0;
}
