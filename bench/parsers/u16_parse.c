// kappa-expect: verdict=true
// strtoul-style parser of 16-bit unsigned numbers (blanks, optional +, base 0 detection of 0x / 0 prefixes, digits by a switch, cutoff/cutlim overflow test as in BSD libc) over 7 nondet chars: an accepted value equals the one computed in wider arithmetic
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "u16_parse.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

typedef unsigned short uint16_t;
#define U16_MAX 65535u

enum { P_OK = 0, P_EMPTY = -1, P_RANGE = -2, P_TRAILING = -3 };

struct num_parse {
    const char *end; /* first char not used */
    int base;
    int digits;
};

static int digit_value(char c) {
    switch (c) {
    case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        return c - '0';
    case 'a': case 'b': case 'c': case 'd': case 'e': case 'f':
        return c - 'a' + 10;
    case 'A': case 'B': case 'C': case 'D': case 'E': case 'F':
        return c - 'A' + 10;
    default:
        return 99;
    }
}

int parse_u16(const char *s, int base, uint16_t *out, struct num_parse *np) {
    const char *p = s;
    unsigned acc = 0, cutoff, cutlim;
    int any = 0, overflow = 0;
    while (*p == ' ' || *p == '\t') {
        p++;
    }
    if (*p == '+') {
        p++;
    }
    if ((base == 0 || base == 16) && p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && digit_value(p[2]) < 16) {
        p += 2;
        base = 16;
    }
    if (base == 0) {
        base = p[0] == '0' ? 8 : 10;
    }
    cutoff = U16_MAX / (unsigned)base;
    cutlim = U16_MAX % (unsigned)base;
    for (;; p++) {
        int d = digit_value(*p);
        if (d >= base) {
            break;
        }
        any++;
        if (overflow || acc > cutoff || (acc == cutoff && (unsigned)d > cutlim)) {
            overflow = 1;
        } else {
            acc = acc * (unsigned)base + (unsigned)d;
        }
    }
    np->end = p;
    np->base = base;
    np->digits = any;
    if (!any) {
        return P_EMPTY;
    }
    if (overflow) {
        return P_RANGE;
    }
    if (*p != '\0') {
        return P_TRAILING;
    }
    *out = (uint16_t)acc;
    return P_OK;
}

#define N 7
int main(void) {
    char s[N + 1];
    uint16_t v;
    struct num_parse np;
    for (int i = 0; i < N; i++) {
        s[i] = __VERIFIER_nondet_char();
    }
    s[N] = '\0';
    if (parse_u16(s, 0, &v, &np) == P_OK) {
        /* the same digits in 64-bit arithmetic */
        unsigned long long wide = 0;
        const char *q = np.end - np.digits;
        for (; q < np.end; q++) {
            wide = wide * (unsigned)np.base + (unsigned)digit_value(*q);
        }
        __VERIFIER_assert(wide <= U16_MAX && wide == v);
    }
    return 0;
}
