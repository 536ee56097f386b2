// kappa-expect: verdict=true
// C string-literal unescaper (\n \t \\ \" \a..\v, \xHH with one or two hex digits, octal \ooo up to three digits, unknown escapes refused) over 7 nondet chars into a bounded buffer: the output is never longer than the input and equals it when there is no backslash
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "c_unescape.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define OUT_CAP 8

enum { UE_OK = 0, UE_BAD_ESCAPE = -1, UE_NO_ROOM = -2, UE_TRAILING = -3 };

struct out_buf {
    char *data;
    int cap;
    int len;
};

static int emit(struct out_buf *o, char c) {
    if (o->len >= o->cap) {
        return UE_NO_ROOM;
    }
    o->data[o->len++] = c;
    return UE_OK;
}

static int hexval(char c) {
    switch (c) {
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return c - '0';
    case 'a': case 'b': case 'c': case 'd': case 'e': case 'f':
        return c - 'a' + 10;
    case 'A': case 'B': case 'C': case 'D': case 'E': case 'F':
        return c - 'A' + 10;
    default:
        return -1;
    }
}

/* Decodes one escape after the backslash at *pp; advances *pp past it. */
static int unescape_one(const char **pp, char *out) {
    const char *p = *pp;
    int v, d, i;
    switch (*p) {
    case 'n': *out = '\n'; break;
    case 't': *out = '\t'; break;
    case 'r': *out = '\r'; break;
    case 'a': *out = '\a'; break;
    case 'b': *out = '\b'; break;
    case 'f': *out = '\f'; break;
    case 'v': *out = '\v'; break;
    case '\\': case '\'': case '"': case '?':
        *out = *p;
        break;
    case 'x':
        v = hexval(p[1]);
        if (v < 0) {
            return UE_BAD_ESCAPE;
        }
        p++;
        d = hexval(p[1]);
        if (d >= 0) {
            v = v * 16 + d;
            p++;
        }
        *out = (char)v;
        break;
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7':
        v = 0;
        for (i = 0; i < 3 && p[i] >= '0' && p[i] <= '7'; i++) {
            v = v * 8 + (p[i] - '0');
        }
        if (v > 255) {
            return UE_BAD_ESCAPE;
        }
        p += i - 1;
        *out = (char)v;
        break;
    case '\0':
        return UE_TRAILING;
    default:
        return UE_BAD_ESCAPE;
    }
    *pp = p + 1;
    return UE_OK;
}

int unescape(const char *in, struct out_buf *o) {
    const char *p = in;
    int rc;
    while (*p) {
        char c = *p++;
        if (c == '\\') {
            rc = unescape_one(&p, &c);
            if (rc != UE_OK) {
                return rc;
            }
        }
        rc = emit(o, c);
        if (rc != UE_OK) {
            return rc;
        }
    }
    return UE_OK;
}

#define N 7
int main(void) {
    char in[N + 1], out[OUT_CAP];
    struct out_buf o = {out, OUT_CAP, 0};
    int len = 0, backslash = 0;
    for (int i = 0; i < N; i++) {
        in[i] = __VERIFIER_nondet_char();
    }
    in[N] = '\0';
    for (len = 0; in[len]; len++) {
        backslash |= in[len] == '\\';
    }
    if (unescape(in, &o) == UE_OK) {
        __VERIFIER_assert(o.len <= len);
        if (!backslash) {
            __VERIFIER_assert(o.len == len);
            for (int i = 0; i < len; i++) {
                __VERIFIER_assert(out[i] == in[i]);
            }
        }
    }
    return 0;
}
