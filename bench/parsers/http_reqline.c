// kappa-expect: verdict=true
// HTTP/1.x request-line parser (method by a switch on its first letter and a compare, origin-form or "*" target, "HTTP/" major.minor, CRLF optional) over 14 nondet chars: an accepted line has a known method, a target inside the input and a version 1.0 or 1.1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "http_reqline.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

enum http_method { M_UNKNOWN, M_GET, M_HEAD, M_POST, M_PUT, M_DELETE, M_OPTIONS };
enum { HTTP_OK = 0, HTTP_BAD_METHOD = -1, HTTP_BAD_TARGET = -2, HTTP_BAD_VERSION = -3, HTTP_BAD_END = -4 };

struct request_line {
    enum http_method method;
    const char *target;
    int target_len;
    int major, minor;
};

static int starts_with(const char *s, const char *word, int n) {
    for (int i = 0; i < n; i++) {
        if (s[i] != word[i]) {
            return 0;
        }
    }
    return 1;
}

static int parse_method(const char *p, enum http_method *m) {
    switch (p[0]) {
    case 'G':
        if (starts_with(p, "GET ", 4)) { *m = M_GET; return 3; }
        break;
    case 'H':
        if (starts_with(p, "HEAD ", 5)) { *m = M_HEAD; return 4; }
        break;
    case 'P':
        if (starts_with(p, "POST ", 5)) { *m = M_POST; return 4; }
        if (starts_with(p, "PUT ", 4)) { *m = M_PUT; return 3; }
        break;
    case 'D':
        if (starts_with(p, "DELETE ", 7)) { *m = M_DELETE; return 6; }
        break;
    case 'O':
        if (starts_with(p, "OPTIONS ", 8)) { *m = M_OPTIONS; return 7; }
        break;
    default:
        break;
    }
    *m = M_UNKNOWN;
    return -1;
}

static int is_tchar(char c) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')) {
        return 1;
    }
    switch (c) {
    case '/': case '-': case '.': case '_': case '~': case '%': case '?': case '=': case '&':
        return 1;
    default:
        return 0;
    }
}

int parse_request_line(const char *s, struct request_line *rl) {
    const char *p = s;
    int n = parse_method(p, &rl->method);
    if (n < 0) {
        return HTTP_BAD_METHOD;
    }
    p += n + 1; /* the method and its space */
    rl->target = p;
    if (*p == '*') {
        if (rl->method != M_OPTIONS) {
            return HTTP_BAD_TARGET;
        }
        p++;
    } else if (*p == '/') {
        while (is_tchar(*p)) {
            p++;
        }
    } else {
        return HTTP_BAD_TARGET;
    }
    rl->target_len = (int)(p - rl->target);
    if (*p++ != ' ') {
        return HTTP_BAD_TARGET;
    }
    if (!starts_with(p, "HTTP/", 5)) {
        return HTTP_BAD_VERSION;
    }
    p += 5;
    if (p[0] < '0' || p[0] > '9' || p[1] != '.' || p[2] < '0' || p[2] > '9') {
        return HTTP_BAD_VERSION;
    }
    rl->major = p[0] - '0';
    rl->minor = p[2] - '0';
    if (rl->major != 1 || rl->minor > 1) {
        return HTTP_BAD_VERSION;
    }
    p += 3;
    if (p[0] == '\r' && p[1] == '\n') {
        p += 2;
    } else if (p[0] == '\n') {
        p++;
    }
    return *p == '\0' ? HTTP_OK : HTTP_BAD_END;
}

#define N 14
int main(void) {
    char s[N + 1];
    struct request_line rl;
    for (int i = 0; i < N; i++) {
        s[i] = __VERIFIER_nondet_char();
    }
    s[N] = '\0';
    if (parse_request_line(s, &rl) == HTTP_OK) {
        __VERIFIER_assert(rl.method != M_UNKNOWN);
        __VERIFIER_assert(rl.target >= s && rl.target + rl.target_len <= s + N && rl.target_len >= 1);
        __VERIFIER_assert(rl.major == 1 && (rl.minor == 0 || rl.minor == 1));
    }
    return 0;
}
