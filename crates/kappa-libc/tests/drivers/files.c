/* Differential driver: files A and B (made from standard input's two halves), opened with fopen
   and open, read with fgetc, getc, fgets, fread, ungetc, fseek/ftell/rewind, read(); a missing
   file, files opened for writing (fputs, fwrite, fputc, putc, fprintf, write; their position)
   and invalid modes.
   Descriptor numbers are compared only as "above 2" and "the same again": the first free one
   depends on what the test's process leaves open. What is written to files is not read back:
   the model swallows it (files opened for writing are sinks). */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int main(void) {
    FILE *f = fopen("A", "r");
    if (f == NULL) {
        printf("no A\n");
        return 1;
    }
    int c, n = 0, sum = 0;
    while ((c = fgetc(f)) != EOF) {
        n++;
        sum += c;
    }
    printf("A %d %d eof %d\n", n, sum, feof(f));
    int sk = fseek(f, 1, SEEK_SET);
    long tl = ftell(f);
    int g = fgetc(f);
    printf("seek %d tell %ld get %d\n", sk, tl, g);
    fclose(f);
    errno = 0;
    int missing = fopen("missing", "r") == NULL;
    printf("missing %d errno %d\n", missing, errno);
    int fd = open("B", O_RDONLY);
    char buf[8] = {0};
    long r = read(fd, buf, 5);
    printf("B fd>2 %d read %ld [%.5s]", fd > 2, r, buf);
    printf(" again %ld\n", (long)read(fd, buf, 100));
    int c1 = close(fd);
    int c2 = close(fd);
    printf("close %d bad close %d\n", c1, c2);
    FILE *w = fopen("out", "w");
    int p1 = fputs("xy", w);
    size_t p2 = fwrite("abc", 1, 3, w);
    int p3 = fputc('z', w), p4 = putc(300, w), p5 = fprintf(w, "%d|%s", n, "q");
    printf("write %d %zu %d %d %d fileno>2 %d\n", p1, p2, p3, p4, p5, fileno(w) > 2);
    int wfd = fileno(w);
    long wt = ftell(w);
    int ws = fseek(w, -2, SEEK_END);
    long wt2 = ftell(w);
    fputc('!', w);
    errno = 0;
    int wbad = fseek(w, 1, 7);
    printf("write tell %ld seek %d %ld %ld bad whence %d errno %d", wt, ws, wt2, ftell(w), wbad, errno);
    printf(" fclose %d\n", fclose(w));

    /* Reading A again: fgets, getc, fread of 3-byte items, ungetc, seeks from the end and from
       the current position, a seek before the start, rewind after EOF and after an error (a
       write to a stream open for reading). The lowest free descriptor is reused. */
    f = fopen("A", "r");
    printf("reopen same fd %d\n", fileno(f) == wfd);
    char line[6];
    char *l = fgets(line, sizeof line, f);
    printf("fgets [%s] getc %d", l ? line : "-", getc(f));
    char items[9] = {0};
    size_t k = fread(items, 3, 2, f);
    printf(" fread %zu [%s] ftell %ld\n", k, items, ftell(f));
    /* One call per statement: C does not order the evaluation of arguments. */
    g = fgetc(f);
    int u = g == EOF ? -2 : ungetc(g, f);
    printf("unget %d %d tell %ld\n", g, u, ftell(f));
    errno = 0;
    sk = fseek(f, -2, SEEK_END);
    tl = ftell(f);
    printf("seek end %d tell %ld get %d", sk, tl, fgetc(f));
    sk = fseek(f, -1, SEEK_CUR);
    printf(" seek cur %d tell %ld", sk, ftell(f));
    sk = fseek(f, -100, SEEK_CUR);
    int e = errno;
    printf(" seek before %d errno %d tell %ld\n", sk, e, ftell(f));
    while (fgetc(f) != EOF)
        ;
    errno = 0;
    int bad = fputc('x', f);
    printf("eof %d fputc %d err %d errno %d", feof(f), bad, ferror(f), errno);
    rewind(f);
    int eof = feof(f), err = ferror(f);
    tl = ftell(f);
    printf(" rewind eof %d err %d tell %ld get %d\n", eof, err, tl, fgetc(f));
    fclose(f);

    /* Modes: "r+" reads, "a" and "w" create, others are invalid (EINVAL). */
    FILE *rw = fopen("B", "r+");
    printf("r+ %d get %d\n", rw != NULL, rw ? fgetc(rw) : -2);
    if (rw)
        fclose(rw);
    FILE *ap = fopen("new", "a");
    printf("a %d put %d", ap != NULL, ap ? fputc('a', ap) : -2);
    if (ap)
        fclose(ap);
    ap = fopen("B", "a"); /* B is not read again */
    tl = ftell(ap);
    printf(" append tell %ld put %d", tl, fputc('b', ap));
    printf(" tell %ld", ftell(ap));
    fclose(ap);
    errno = 0;
    FILE *inv = fopen("A", "q");
    printf(" invalid %d errno %d\n", inv == NULL, errno);

    /* open: O_RDWR reads, O_WRONLY|O_CREAT (with a mode) writes; write to a read-only
       descriptor and to a closed one is EBADF. */
    int rd = open("A", O_RDWR);
    char two[3] = {0};
    r = read(rd, two, 2);
    printf("rdwr %d read %ld [%s]", rd > 2, r, two);
    int wr = open("made", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    printf(" creat %d write %ld", wr > 2, (long)write(wr, "hello", 5));
    errno = 0;
    r = read(wr, two, 1);
    printf(" read wronly %ld errno %d", r, errno);
    close(wr);
    errno = 0;
    r = write(wr, "x", 1);
    printf(" closed %ld errno %d", r, errno);
    int ro = open("B", O_RDONLY);
    errno = 0;
    r = write(ro, "x", 1);
    printf(" write rdonly %ld errno %d\n", r, errno);
    close(ro);
    close(rd);
    return 0;
}
