/* The printf family, piece by piece: the front-end lowers `printf(fmt, ...)`, `fprintf`,
   `sprintf` and `snprintf` with a literal format into __kappa_fmt_begin, one call per literal
   piece and conversion, and __kappa_fmt_end (kappa has no variadic definitions). Arguments are
   read as glibc reads them (`%s` needs a terminated string), buffers are written exactly, and
   __kappa_fmt_end gives the number of characters the call returns. */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define F_LEFT 1
#define F_ZERO 2
#define F_PLUS 4
#define F_SPACE 8
#define F_ALT 16
#define F_PREC 32

static int __kappa_fmt_kind = 0;
static char *__kappa_fmt_buf = NULL;
static size_t __kappa_fmt_cap = 0, __kappa_fmt_len = 0;

/* kind: 0 stdout, 1 a stream, 2 sprintf's buffer, 3 snprintf's buffer of `cap` bytes. Returns
   whether the text goes to stdout (the interpreter prints it). */
int __kappa_fmt_begin(int kind, void *dest, size_t cap) {
    __kappa_fmt_kind = kind;
    __kappa_fmt_buf = dest;
    __kappa_fmt_cap = cap;
    __kappa_fmt_len = 0;
    if (kind == 1) {
        FILE *f = __kappa_stream(dest);
        return f == stdout;
    }
    return kind == 0;
}

static void __kappa_fmt_put(char c) {
    if (__kappa_fmt_kind >= 2 && __kappa_fmt_len + 1 < __kappa_fmt_cap)
        __kappa_fmt_buf[__kappa_fmt_len] = c;
    __kappa_fmt_len++;
}

static void __kappa_fmt_pad(int n, char c) {
    for (int i = 0; i < n; i++)
        __kappa_fmt_put(c);
}

void __kappa_fmt_lit(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        __kappa_fmt_put(s[i]);
}

void __kappa_fmt_str(int conv, int flags, int width, int prec, const char *s) {
    (void)conv;
    if (s == NULL)
        s = "(null)";
    size_t n = (flags & F_PREC) ? strnlen(s, prec < 0 ? (size_t)-1 : (size_t)prec) : strlen(s);
    int pad = width > (int)n ? width - (int)n : 0;
    if (!(flags & F_LEFT))
        __kappa_fmt_pad(pad, ' ');
    __kappa_fmt_lit(s, n);
    if (flags & F_LEFT)
        __kappa_fmt_pad(pad, ' ');
}

/* A negative `*` width means left adjustment; a negative `*` precision, none. */
static void __kappa_fmt_norm(int *flags, int *width, int prec) {
    if (*width < 0) {
        *flags |= F_LEFT;
        *width = -*width;
    }
    if ((*flags & F_PREC) && prec < 0)
        *flags &= ~F_PREC;
}

void __kappa_fmt_int(int conv, int flags, int width, int prec, long long v) {
    char digits[24] = {0};
    int nd = 0;
    const char *prefix = "";
    __kappa_fmt_norm(&flags, &width, prec);
    if (conv == 'c') {
        int pad = width > 1 ? width - 1 : 0;
        if (!(flags & F_LEFT))
            __kappa_fmt_pad(pad, ' ');
        __kappa_fmt_put((char)v);
        if (flags & F_LEFT)
            __kappa_fmt_pad(pad, ' ');
        return;
    }
    unsigned long long u = (unsigned long long)v;
    if (conv == 'd' || conv == 'i') {
        if (v < 0) {
            u = 0 - u;
            prefix = "-";
        } else if (flags & F_PLUS) {
            prefix = "+";
        } else if (flags & F_SPACE) {
            prefix = " ";
        }
    }
    unsigned base = conv == 'x' || conv == 'X' ? 16 : conv == 'o' ? 8 : 10;
    const char *hex = conv == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
    while (u != 0) {
        digits[nd++] = hex[u % base];
        u /= base;
    }
    int zeros = 0;
    if (flags & F_PREC) {
        zeros = prec > nd ? prec - nd : 0;
    } else if (nd == 0) {
        zeros = 1;
    }
    if ((flags & F_ALT) && nd > 0 && conv == 'x')
        prefix = "0x";
    else if ((flags & F_ALT) && nd > 0 && conv == 'X')
        prefix = "0X";
    else if ((flags & F_ALT) && conv == 'o' && zeros == 0)
        zeros = 1; /* the alternative octal form starts with 0, even for a zero of precision 0 */
    int len = (int)strlen(prefix) + zeros + nd;
    int pad = width > len ? width - len : 0;
    if ((flags & F_ZERO) && !(flags & (F_LEFT | F_PREC))) {
        zeros += pad;
        pad = 0;
    }
    if (!(flags & F_LEFT))
        __kappa_fmt_pad(pad, ' ');
    __kappa_fmt_lit(prefix, strlen(prefix));
    __kappa_fmt_pad(zeros, '0');
    while (nd > 0)
        __kappa_fmt_put(digits[--nd]);
    if (flags & F_LEFT)
        __kappa_fmt_pad(pad, ' ');
}

/* Output to a stream writes nothing (kappa's output operation prints in the interpreter): only
   the number of characters matters, for printf's return value. It is computed here without
   branching on the value, so that printing a symbolic number does not fork a path per digit
   count. Flags, width and precision are the format's (concrete unless given by `*`). */
void __kappa_fmt_int_len(int conv, int flags, int width, int prec, long long v) {
    __kappa_fmt_norm(&flags, &width, prec);
    if (conv == 'c') {
        __kappa_fmt_len += (size_t)(1 + (width > 1) * (width - 1));
        return;
    }
    unsigned long long u = (unsigned long long)v;
    int sign = 0;
    if (conv == 'd' || conv == 'i') {
        unsigned long long neg = (unsigned long long)(v < 0);
        u = u - 2 * neg * u;
        sign = (int)neg;
        if (flags & (F_PLUS | F_SPACE))
            sign = 1;
    }
    unsigned long long base = conv == 'x' || conv == 'X' ? 16 : conv == 'o' ? 8 : 10;
    int nd = (u != 0);
    for (unsigned long long p = base;; p *= base) {
        nd += (u >= p);
        if (p > (unsigned long long)-1 / base)
            break;
    }
    int zeros = 0;
    if (flags & F_PREC)
        zeros = (prec > nd) * (prec - nd);
    else
        zeros = (nd == 0);
    int prefix = sign;
    if ((flags & F_ALT) && (conv == 'x' || conv == 'X'))
        prefix += 2 * (u != 0);
    if ((flags & F_ALT) && conv == 'o')
        zeros += (zeros == 0);
    int len = prefix + zeros + nd;
    __kappa_fmt_len += (size_t)(len + (width > len) * (width - len));
}

void __kappa_fmt_ptr(int conv, int flags, int width, int prec, void *p) {
    (void)prec;
    if (p == NULL) {
        __kappa_fmt_str('s', flags & F_LEFT, width, 0, "(nil)");
        return;
    }
    /* Addresses are kappa's own: a non-null pointer prints as 0x1 (its length is what the
       model can get right, not its digits). */
    __kappa_fmt_str('s', flags & F_LEFT, width, 0, "0x1");
    (void)conv;
}

/* A stream not open for writing is an error, as glibc's vfprintf checks; a sink's position
   advances. */
int __kappa_fmt_end(void) {
    if (__kappa_fmt_kind >= 2 && __kappa_fmt_cap > 0)
        __kappa_fmt_buf[__kappa_fmt_len < __kappa_fmt_cap ? __kappa_fmt_len : __kappa_fmt_cap - 1] = 0;
    if (__kappa_fmt_kind == 1) {
        FILE *f = (FILE *)__kappa_fmt_buf;
        if (!(f->_flags & K_WRITE)) {
            f->_flags |= K_ERR;
            errno = EBADF;
            return EOF;
        }
        __kappa_advance(f, __kappa_fmt_len);
    }
    return (int)__kappa_fmt_len;
}
