// kappa-expect: verdict=true
// LZ77-style decompressor (LZ4-like sequences: a token byte with a literal length and a match length, literals, a one-byte back-reference offset; window and output bounds checked) over 7 nondet bytes: every back-reference reads already written output
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "lz_decompress.c", 5, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define OUT_CAP 24
#define MIN_MATCH 2

enum { LZ_OK = 0, LZ_ERR_INPUT = -1, LZ_ERR_OUTPUT = -2, LZ_ERR_OFFSET = -3 };

struct lz_stream {
    const unsigned char *src;
    int src_len;
    int src_pos;
    unsigned char *dst;
    int dst_cap;
    int dst_len;
};

static int read_byte(struct lz_stream *s, unsigned char *b) {
    if (s->src_pos >= s->src_len) {
        return 0;
    }
    *b = s->src[s->src_pos++];
    return 1;
}

static int copy_literals(struct lz_stream *s, int n) {
    if (s->src_len - s->src_pos < n) {
        return LZ_ERR_INPUT;
    }
    if (s->dst_cap - s->dst_len < n) {
        return LZ_ERR_OUTPUT;
    }
    for (int i = 0; i < n; i++) {
        s->dst[s->dst_len++] = s->src[s->src_pos++];
    }
    return LZ_OK;
}

static int copy_match(struct lz_stream *s, int offset, int n) {
    if (offset == 0 || offset > s->dst_len) {
        return LZ_ERR_OFFSET;
    }
    if (s->dst_cap - s->dst_len < n) {
        return LZ_ERR_OUTPUT;
    }
    /* byte by byte: an overlapping match (offset < n) repeats the last bytes */
    for (int i = 0; i < n; i++) {
        int from = s->dst_len - offset;
        __VERIFIER_assert(from >= 0 && from < s->dst_len);
        s->dst[s->dst_len] = s->dst[from];
        s->dst_len++;
    }
    return LZ_OK;
}

int lz_decompress(const unsigned char *src, int n, unsigned char *dst, int cap, int *out_len) {
    struct lz_stream s = {src, n, 0, dst, cap, 0};
    unsigned char token, off;
    int rc;
    while (read_byte(&s, &token)) {
        int lit = token >> 4;
        int mlen = (token & 0x0F) + MIN_MATCH;
        if (lit == 15) { /* long literal run: one extra length byte */
            unsigned char extra;
            if (!read_byte(&s, &extra)) {
                return LZ_ERR_INPUT;
            }
            lit += extra;
        }
        rc = copy_literals(&s, lit);
        if (rc != LZ_OK) {
            return rc;
        }
        if (s.src_pos == s.src_len) {
            break; /* the last sequence has literals only */
        }
        if (!read_byte(&s, &off)) {
            return LZ_ERR_INPUT;
        }
        rc = copy_match(&s, off, mlen);
        if (rc != LZ_OK) {
            return rc;
        }
    }
    *out_len = s.dst_len;
    return LZ_OK;
}

#define N 7
int main(void) {
    unsigned char in[N], out[OUT_CAP];
    int len = 0;
    for (int i = 0; i < N; i++) {
        in[i] = __VERIFIER_nondet_uchar();
    }
    if (lz_decompress(in, N, out, OUT_CAP, &len) == LZ_OK) {
        __VERIFIER_assert(len >= 0 && len <= OUT_CAP);
    }
    return 0;
}
