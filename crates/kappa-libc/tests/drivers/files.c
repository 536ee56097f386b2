/* Differential driver: files A and B (made from standard input's two halves), opened with fopen
   and open, read with fgetc, fread, fseek/ftell, read(); a missing file and a write-only one. */
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
    printf("write %d %zu\n", p1 > 0, p2);
    fclose(w);
    return 0;
}
