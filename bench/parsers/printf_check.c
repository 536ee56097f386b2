// kappa-expect: verdict=true
// printf format checker (flags, width and precision with *, length modifiers hh h l ll z, conversions checked against an argument type list, %% and %n refused) over 6 nondet chars: every accepted conversion took at least two chars and at most three arguments
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "printf_check.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

enum arg_type { A_INT, A_LONG, A_LLONG, A_SIZE, A_DOUBLE, A_STR, A_PTR, A_CHAR };
enum length_mod { L_NONE, L_HH, L_H, L_L, L_LL, L_Z };

struct fmt_spec {
    int flags;
    int width_star, prec_star;
    int width, prec;
    enum length_mod len;
    char conv;
};

struct fmt_check {
    const enum arg_type *args;
    int nargs;
    int used;
    int conversions;
};

#define F_MINUS 1
#define F_PLUS 2
#define F_SPACE 4
#define F_HASH 8
#define F_ZERO 16

static int take_arg(struct fmt_check *fc, enum arg_type want) {
    if (fc->used >= fc->nargs || fc->args[fc->used] != want) {
        return 0;
    }
    fc->used++;
    return 1;
}

/* Parses one conversion after the '%'; returns the chars consumed, or -1. */
static int parse_spec(const char *p, struct fmt_spec *sp) {
    const char *s = p;
    sp->flags = 0;
    sp->width_star = sp->prec_star = 0;
    sp->width = sp->prec = -1;
    sp->len = L_NONE;
    for (;; p++) {
        int f = 0;
        switch (*p) {
        case '-': f = F_MINUS; break;
        case '+': f = F_PLUS; break;
        case ' ': f = F_SPACE; break;
        case '#': f = F_HASH; break;
        case '0': f = F_ZERO; break;
        default: break;
        }
        if (!f) {
            break;
        }
        sp->flags |= f;
    }
    if (*p == '*') {
        sp->width_star = 1;
        p++;
    } else {
        for (sp->width = 0; *p >= '0' && *p <= '9'; p++) {
            sp->width = sp->width * 10 + (*p - '0');
        }
    }
    if (*p == '.') {
        p++;
        if (*p == '*') {
            sp->prec_star = 1;
            p++;
        } else {
            for (sp->prec = 0; *p >= '0' && *p <= '9'; p++) {
                sp->prec = sp->prec * 10 + (*p - '0');
            }
        }
    }
    switch (*p) {
    case 'h':
        if (p[1] == 'h') {
            sp->len = L_HH;
            p++;
        } else {
            sp->len = L_H;
        }
        p++;
        break;
    case 'l':
        if (p[1] == 'l') {
            sp->len = L_LL;
            p++;
        } else {
            sp->len = L_L;
        }
        p++;
        break;
    case 'z':
        sp->len = L_Z;
        p++;
        break;
    default:
        break;
    }
    sp->conv = *p;
    if (*p == '\0') {
        return -1;
    }
    return (int)(p - s) + 1;
}

static enum arg_type int_arg(enum length_mod len) {
    switch (len) {
    case L_L: return A_LONG;
    case L_LL: return A_LLONG;
    case L_Z: return A_SIZE;
    default: return A_INT;
    }
}

int check_format(const char *fmt, struct fmt_check *fc) {
    const char *p = fmt;
    struct fmt_spec sp;
    while (*p) {
        if (*p != '%') {
            p++;
            continue;
        }
        if (p[1] == '%') {
            p += 2;
            continue;
        }
        int n = parse_spec(p + 1, &sp);
        if (n < 0) {
            return -1;
        }
        if (sp.width_star && !take_arg(fc, A_INT)) {
            return -1;
        }
        if (sp.prec_star && !take_arg(fc, A_INT)) {
            return -1;
        }
        int ok;
        switch (sp.conv) {
        case 'd': case 'i': case 'u': case 'x': case 'X': case 'o':
            ok = take_arg(fc, int_arg(sp.len));
            break;
        case 'c':
            ok = sp.len == L_NONE && take_arg(fc, A_INT);
            break;
        case 's':
            ok = sp.len == L_NONE && take_arg(fc, A_STR);
            break;
        case 'p':
            ok = sp.len == L_NONE && sp.prec < 0 && take_arg(fc, A_PTR);
            break;
        case 'f': case 'e': case 'g':
            ok = (sp.len == L_NONE || sp.len == L_L) && take_arg(fc, A_DOUBLE);
            break;
        case 'n': /* refused: writes through an argument */
        default:
            ok = 0;
            break;
        }
        if (!ok) {
            return -1;
        }
        fc->conversions++;
        p += 1 + n;
    }
    return fc->used == fc->nargs ? fc->conversions : -1;
}

#define N 6
int main(void) {
    static const enum arg_type args[] = {A_INT, A_INT, A_STR, A_LONG, A_DOUBLE};
    char fmt[N + 1];
    int len = 0;
    for (int i = 0; i < N; i++) {
        fmt[i] = __VERIFIER_nondet_char();
    }
    fmt[N] = '\0';
    while (fmt[len]) {
        len++;
    }
    struct fmt_check fc = {args, 2 + (fmt[0] & 3), 0, 0};
    if (fc.nargs > 5) {
        fc.nargs = 5;
    }
    int conv = check_format(fmt, &fc);
    if (conv >= 0) {
        __VERIFIER_assert(2 * conv <= len);
        __VERIFIER_assert(fc.used <= 3 * conv && fc.used == fc.nargs);
    }
    return 0;
}
