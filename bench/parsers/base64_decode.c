// kappa-expect: verdict=true
// RFC 4648 base64 decoder (a decode table built by a switch, quantum state, "=" padding rules, bounded output) over 8 nondet chars: a decoded length is exactly 3 per quantum less the padding
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "base64_decode.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define OUT_CAP 6

enum { B64_OK = 0, B64_ERR_CHAR = -1, B64_ERR_PAD = -2, B64_ERR_LEN = -3, B64_ERR_SPACE = -4 };

static int b64_value(char c) {
    switch (c) {
    case '+':
        return 62;
    case '/':
        return 63;
    case '=':
        return 64; /* padding */
    default:
        if (c >= 'A' && c <= 'Z') {
            return c - 'A';
        }
        if (c >= 'a' && c <= 'z') {
            return c - 'a' + 26;
        }
        if (c >= '0' && c <= '9') {
            return c - '0' + 52;
        }
        return -1;
    }
}

struct b64_decoder {
    unsigned char *out;
    int cap;
    int len;
    int quad[4];
    int nq;
    int pad;
};

static int b64_flush(struct b64_decoder *d) {
    int bytes = 3 - d->pad;
    unsigned v = (unsigned)d->quad[0] << 18 | (unsigned)d->quad[1] << 12 | (unsigned)(d->quad[2] & 63) << 6 |
                 (unsigned)(d->quad[3] & 63);
    if (d->len + bytes > d->cap) {
        return B64_ERR_SPACE;
    }
    d->out[d->len++] = (unsigned char)(v >> 16);
    if (bytes > 1) {
        d->out[d->len++] = (unsigned char)(v >> 8);
    }
    if (bytes > 2) {
        d->out[d->len++] = (unsigned char)v;
    }
    d->nq = 0;
    return B64_OK;
}

int b64_decode(const char *in, int n, unsigned char *out, int cap, int *out_len) {
    struct b64_decoder d = {out, cap, 0, {0, 0, 0, 0}, 0, 0};
    int i, rc;
    for (i = 0; i < n; i++) {
        int v = b64_value(in[i]);
        if (v < 0) {
            return B64_ERR_CHAR;
        }
        if (d.pad && v != 64) {
            return B64_ERR_PAD; /* data after padding */
        }
        if (v == 64) {
            if (d.nq < 2) {
                return B64_ERR_PAD; /* "=" in the first two places of a quantum */
            }
            d.pad++;
        }
        d.quad[d.nq++] = v;
        if (d.nq == 4) {
            rc = b64_flush(&d);
            if (rc != B64_OK) {
                return rc;
            }
            if (d.pad) {
                i++;
                break;
            }
        }
    }
    if (i != n || d.nq != 0) {
        return B64_ERR_LEN;
    }
    *out_len = d.len;
    return B64_OK;
}

#define N 8
int main(void) {
    char in[N];
    unsigned char out[OUT_CAP];
    int len = -1, pads = 0;
    for (int i = 0; i < N; i++) {
        in[i] = __VERIFIER_nondet_char();
        pads += in[i] == '=';
    }
    if (b64_decode(in, N, out, OUT_CAP, &len) == B64_OK) {
        __VERIFIER_assert(len == 3 * (N / 4) - pads);
        __VERIFIER_assert(len <= OUT_CAP && pads <= 2);
    }
    return 0;
}
