// kappa-expect: verdict=true
// UTF-8 decoder (a reader struct, lead-byte switch, overlong / surrogate / range checks, U+FFFD on errors) over 6 nondet bytes: every decoded scalar is a Unicode scalar value in its minimal length, and all bytes are consumed
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "utf8_decode.c", 5, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

typedef struct {
    const unsigned char *cur;
    const unsigned char *end;
    unsigned errors;
} utf8_reader;

enum { UTF8_OK = 1, UTF8_EOF = 0, UTF8_BAD = -1 };
#define REPLACEMENT 0xFFFDu

static int utf8_next(utf8_reader *r, unsigned *out, int *used) {
    static const unsigned min_for_len[5] = {0, 0, 0x80, 0x800, 0x10000};
    const unsigned char *p = r->cur;
    unsigned cp;
    int need, i;

    if (p >= r->end) {
        return UTF8_EOF;
    }
    unsigned char b = *p;
    switch (b >> 4) {
    case 0x0: case 0x1: case 0x2: case 0x3: case 0x4: case 0x5: case 0x6: case 0x7:
        need = 1;
        cp = b;
        break;
    case 0xC: case 0xD:
        need = 2;
        cp = b & 0x1F;
        break;
    case 0xE:
        need = 3;
        cp = b & 0x0F;
        break;
    case 0xF:
        if (b & 0x08) {
            goto bad; /* F8..FF never appear */
        }
        need = 4;
        cp = b & 0x07;
        break;
    default: /* 80..BF: a continuation byte where a lead byte belongs */
        goto bad;
    }
    if (r->end - p < need) {
        goto bad;
    }
    for (i = 1; i < need; i++) {
        if ((p[i] & 0xC0) != 0x80) {
            goto bad;
        }
        cp = (cp << 6) | (p[i] & 0x3F);
    }
    if (cp < min_for_len[need] && need > 1) {
        goto bad; /* overlong */
    }
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
        goto bad;
    }
    r->cur = p + need;
    *out = cp;
    *used = need;
    return UTF8_OK;
bad:
    r->cur = p + 1;
    r->errors++;
    *out = REPLACEMENT;
    *used = 1;
    return UTF8_BAD;
}

#define N 6
int main(void) {
    unsigned char buf[N];
    for (int i = 0; i < N; i++) {
        buf[i] = __VERIFIER_nondet_uchar();
    }
    utf8_reader r = {buf, buf + N, 0};
    unsigned cp;
    int used, rc, consumed = 0, scalars = 0;
    while ((rc = utf8_next(&r, &cp, &used)) != UTF8_EOF) {
        consumed += used;
        scalars++;
        if (rc == UTF8_OK) {
            __VERIFIER_assert(cp <= 0x10FFFF && !(cp >= 0xD800 && cp <= 0xDFFF));
            __VERIFIER_assert(used == 1 ? cp < 0x80 : used == 2 ? cp >= 0x80 && cp < 0x800
                              : used == 3 ? cp >= 0x800 && cp < 0x10000 : cp >= 0x10000);
        } else {
            __VERIFIER_assert(cp == REPLACEMENT && used == 1);
        }
    }
    __VERIFIER_assert(consumed == N && scalars >= 2 && r.errors <= N);
    return 0;
}
