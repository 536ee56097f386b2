/* The gcc check of bench/parsers (check_gcc.sh): runs a program's main (renamed main_program)
 * RUNS times in one process on random and boundary inputs; __VERIFIER_nondet_char/uchar draw a
 * mix of the characters parsers look at, 0, random printable characters, UTF-8 and signedness
 * boundaries and random bytes. A failed assertion (reach_error -> __assert_fail) is caught here
 * and counted, with its input printed in hex. With NONDET_HEX=bytes the first run reads those
 * bytes (then zeros): the planted bugs' witnesses. Usage: prog SEED RUNS */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long s;
static jmp_buf back;
static unsigned char input[64];
static int ninput;
static const unsigned char *fixed;
static int nfixed;

static unsigned long long next(void) {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
}

static unsigned char draw(void) {
    static const char syntax[] = "{}[]\":,\\/ ubnt0123456789+-*/%().^$=;#\r\n\t'xXaAfFzZ?&~_lhzdsipcneg";
    static const unsigned char edge[] = {0x01, 0x02, 0x1f, 0x20, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0,
                                         0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0x8f, 0x9f, 0xa0, 0x7e, 0x81};
    static const char *words[] = {"GET ", "HTTP/1.", "OPTIONS ", "DELETE ", "0x", "256.", "65536", "://", "[s]"};
    if (nfixed) {
        return ninput < nfixed ? fixed[ninput] : 0;
    }
    unsigned r = next() % 100;
    if (r < 3) { /* a fragment of a keyword, from its start */
        const char *w = words[next() % 9];
        return (unsigned char)w[ninput % strlen(w)];
    }
    if (r < 40) return (unsigned char)syntax[next() % (sizeof syntax - 1)];
    if (r < 50) return 0;
    if (r < 65) return (unsigned char)(32 + next() % 95);
    if (r < 80) return edge[next() % sizeof edge];
    return (unsigned char)next();
}

char __VERIFIER_nondet_char(void) {
    unsigned char c = draw();
    if (ninput < (int)sizeof input) input[ninput++] = c;
    return (char)c;
}
unsigned char __VERIFIER_nondet_uchar(void) { return (unsigned char)__VERIFIER_nondet_char(); }

void __assert_fail(const char *a, const char *f, unsigned l, const char *fn) {
    (void)a, (void)f, (void)l, (void)fn;
    longjmp(back, 1);
}

static int hexval(char c) { return c <= '9' ? c - '0' : (c | 32) - 'a' + 10; }

int main_program(void);
int main(int argc, char **argv) {
    s = 0x9E3779B97F4A7C15ULL ^ (argc > 1 ? strtoull(argv[1], 0, 10) * 0x100000001B3ULL : 1);
    long runs = argc > 2 ? strtol(argv[2], 0, 10) : 10000, violations = 0;
    static unsigned char hex[64];
    const char *h = getenv("NONDET_HEX");
    if (h && *h) {
        for (nfixed = 0; h[0] && h[1] && nfixed < 64; h += 2) hex[nfixed++] = (unsigned char)(hexval(h[0]) * 16 + hexval(h[1]));
        fixed = hex;
        runs = 1;
    }
    for (long i = 0; i < runs; i++) {
        ninput = 0;
        if (setjmp(back) == 0) {
            main_program();
        } else {
            if (violations++ < 3) {
                printf("VIOLATION input=");
                for (int k = 0; k < ninput; k++) printf("%02x", input[k]);
                printf("\n");
            }
        }
    }
    printf("runs=%ld violations=%ld\n", runs, violations);
    return 0;
}
