/* base64 -d: decodes base64 from standard input (ignoring newlines) to standard output. */
#include <stdio.h>
#include <string.h>

static int value(int c) {
    const char *alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const char *p = c ? strchr(alpha, c) : NULL;
    return p ? (int)(p - alpha) : -1;
}

int main(void) {
    /* PLANTED BUG (off-by-one write): two decoded quads (6 bytes) are kept before flushing, but
       the buffer holds 5. */
    unsigned char out[5];
    int quad[4], nq = 0, no = 0, c;
    while ((c = getchar()) != EOF) {
        if (c == '\n') continue;
        if (c == '=') break;
        int v = value(c);
        if (v < 0) { fprintf(stderr, "base64: invalid input\n"); return 1; }
        quad[nq++] = v;
        if (nq == 4) {
            if (no >= 6) { fwrite(out, 1, (size_t)no, stdout); no = 0; }
            out[no++] = (unsigned char)(quad[0] << 2 | quad[1] >> 4);
            out[no++] = (unsigned char)(quad[1] << 4 | quad[2] >> 2);
            out[no++] = (unsigned char)(quad[2] << 6 | quad[3]);
            nq = 0;
        }
    }
    if (nq == 2 || nq == 3) {
        unsigned char b0 = (unsigned char)(quad[0] << 2 | quad[1] >> 4);
        fwrite(out, 1, (size_t)no, stdout);
        no = 0;
        putchar(b0);
        if (nq == 3) putchar((unsigned char)(quad[1] << 4 | quad[2] >> 2));
    } else if (nq == 1) {
        fprintf(stderr, "base64: truncated input\n");
        return 1;
    }
    fwrite(out, 1, (size_t)no, stdout);
    return 0;
}
