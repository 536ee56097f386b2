// kappa-expect: verdict=false
// PackBits run-length decompressor (TIFF/Apple: a header byte n gives n+1 literal bytes, or 1-n copies of the next byte, -128 is a no-op) over 6 nondet bytes into a 16-byte buffer. PLANTED BUG: the room check of a run is off by one, a run of 17 passes it
// witness: f041808080808080
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "rle_decode.c", 5, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define OUT_CAP 16

enum { RLE_OK = 0, RLE_ERR_TRUNC = -1, RLE_ERR_SPACE = -2 };

struct rle_out {
    unsigned char buf[OUT_CAP];
    int len;
};

static void put(struct rle_out *o, unsigned char b) {
    __VERIFIER_assert(o->len < OUT_CAP);
    o->buf[o->len++] = b;
}

int packbits_decode(const unsigned char *in, int n, struct rle_out *o) {
    const unsigned char *p = in, *end = in + n;
    o->len = 0;
    while (p < end) {
        signed char h = (signed char)*p++;
        if (h >= 0) {
            int count = h + 1;
            if (end - p < count) {
                return RLE_ERR_TRUNC;
            }
            if (o->len + count > OUT_CAP) {
                return RLE_ERR_SPACE;
            }
            while (count--) {
                put(o, *p++);
            }
        } else if (h != -128) {
            int count = 1 - h;
            if (p >= end) {
                return RLE_ERR_TRUNC;
            }
            if (o->len + count > OUT_CAP + 1) { /* BUG: should be > OUT_CAP */
                return RLE_ERR_SPACE;
            }
            unsigned char b = *p++;
            while (count--) {
                put(o, b);
            }
        }
    }
    return RLE_OK;
}

#define N 6
int main(void) {
    unsigned char in[N];
    struct rle_out o;
    for (int i = 0; i < N; i++) {
        in[i] = __VERIFIER_nondet_uchar();
    }
    if (packbits_decode(in, N, &o) == RLE_OK) {
        __VERIFIER_assert(o.len <= OUT_CAP);
    }
    return 0;
}
