// kappa-expect: verdict=true
// LEB128 / protobuf varint decoder of 32-bit values (continuation bits, at most 5 bytes, the fifth byte checked for bits past 32) reading a stream of varints from 6 nondet bytes: a decoded value re-encodes in at most the bytes it was read from
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "varint_decode.c", 5, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

typedef unsigned int uint32_t;

enum { VARINT_OK = 0, VARINT_TRUNC = -1, VARINT_OVERFLOW = -2 };

struct byte_reader {
    const unsigned char *buf;
    int len;
    int pos;
};

static int varint_read_u32(struct byte_reader *r, uint32_t *out, int *used) {
    uint32_t v = 0;
    int shift = 0, start = r->pos;
    for (;;) {
        if (r->pos >= r->len) {
            r->pos = start;
            return VARINT_TRUNC;
        }
        unsigned char b = r->buf[r->pos++];
        if (shift == 28 && (b & 0x70) != 0) {
            r->pos = start;
            return VARINT_OVERFLOW; /* bits past the 32nd */
        }
        v |= (uint32_t)(b & 0x7F) << shift;
        if (!(b & 0x80)) {
            break;
        }
        shift += 7;
        if (shift > 28) {
            r->pos = start;
            return VARINT_OVERFLOW; /* a sixth byte */
        }
    }
    *out = v;
    *used = r->pos - start;
    return VARINT_OK;
}

static int varint_size_u32(uint32_t v) {
    int n = 1;
    while (v >= 0x80) {
        v >>= 7;
        n++;
    }
    return n;
}

#define N 6
int main(void) {
    unsigned char buf[N];
    for (int i = 0; i < N; i++) {
        buf[i] = __VERIFIER_nondet_uchar();
    }
    struct byte_reader r = {buf, N, 0};
    uint32_t v;
    int used, count = 0, total = 0;
    while (varint_read_u32(&r, &v, &used) == VARINT_OK) {
        __VERIFIER_assert(used >= 1 && used <= 5);
        __VERIFIER_assert(varint_size_u32(v) <= used);
        total += used;
        count++;
    }
    __VERIFIER_assert(total == r.pos && total <= N && count <= N);
    return 0;
}
