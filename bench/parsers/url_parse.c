// kappa-expect: verdict=false
// URL parser (scheme "://" host [":" port] [path] ["?" query], percent-decoding of the path) over 8 nondet chars. PLANTED BUG: the port range check is off by one (65536 is accepted)
// witness: 613a363535333600
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "url_parse.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define PATH_MAX_LEN 8

struct url {
    const char *scheme;
    int scheme_len;
    const char *host;
    int host_len;
    long port; /* -1: none given */
    char path[PATH_MAX_LEN + 1];
    int path_len;
    const char *query;
    int query_len;
};

enum { URL_OK = 0, URL_ERR_SCHEME = -1, URL_ERR_HOST = -2, URL_ERR_PORT = -3, URL_ERR_PATH = -4 };

static int is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(char c) { return c >= '0' && c <= '9'; }

static int hex_value(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if (c >= 'a' && c <= 'f') {
        return c - 'a' + 10;
    }
    if (c >= 'A' && c <= 'F') {
        return c - 'A' + 10;
    }
    return -1;
}

static int parse_port(const char **pp, long *port) {
    const char *p = *pp;
    long v = 0;
    if (!is_digit(*p)) {
        return URL_ERR_PORT;
    }
    while (is_digit(*p)) {
        v = v * 10 + (*p - '0');
        if (v > 65536) { /* BUG: should reject v > 65535 */
            return URL_ERR_PORT;
        }
        p++;
    }
    *port = v;
    *pp = p;
    return URL_OK;
}

static int decode_path(struct url *u, const char *p, const char **rest) {
    u->path_len = 0;
    while (*p && *p != '?' && *p != '#') {
        char c = *p;
        if (c == '%') {
            int hi = hex_value(p[1]);
            int lo = hi < 0 ? -1 : hex_value(p[2]);
            if (lo < 0) {
                return URL_ERR_PATH;
            }
            c = (char)(hi * 16 + lo);
            p += 2;
        }
        if (u->path_len >= PATH_MAX_LEN) {
            return URL_ERR_PATH;
        }
        u->path[u->path_len++] = c;
        p++;
    }
    u->path[u->path_len] = '\0';
    *rest = p;
    return URL_OK;
}

int url_parse(const char *s, struct url *u) {
    const char *p = s;
    int rc;
    u->port = -1;
    u->query = 0;
    u->query_len = 0;
    u->path_len = 0;
    u->path[0] = '\0';

    if (!is_alpha(*p)) {
        return URL_ERR_SCHEME;
    }
    u->scheme = p;
    while (is_alpha(*p) || is_digit(*p) || *p == '+' || *p == '-' || *p == '.') {
        p++;
    }
    u->scheme_len = (int)(p - s);
    if (p[0] != ':' || p[1] != '/' || p[2] != '/') {
        /* no scheme: the whole thing is host[:port] */
        p = s;
        u->scheme = 0;
        u->scheme_len = 0;
    } else {
        p += 3;
    }
    u->host = p;
    while (*p && *p != ':' && *p != '/' && *p != '?') {
        if (!(is_alpha(*p) || is_digit(*p) || *p == '-' || *p == '.')) {
            return URL_ERR_HOST;
        }
        p++;
    }
    u->host_len = (int)(p - u->host);
    if (u->host_len == 0) {
        return URL_ERR_HOST;
    }
    if (*p == ':') {
        p++;
        rc = parse_port(&p, &u->port);
        if (rc != URL_OK) {
            return rc;
        }
    }
    if (*p == '/') {
        rc = decode_path(u, p, &p);
        if (rc != URL_OK) {
            return rc;
        }
    }
    if (*p == '?') {
        u->query = ++p;
        while (*p && *p != '#') {
            p++;
        }
        u->query_len = (int)(p - u->query);
    }
    return URL_OK;
}

#define N 8
int main(void) {
    char s[N + 1];
    struct url u;
    for (int i = 0; i < N; i++) {
        s[i] = __VERIFIER_nondet_char();
    }
    s[N] = '\0';
    if (url_parse(s, &u) == URL_OK) {
        __VERIFIER_assert(u.host_len > 0 && u.host_len <= N);
        __VERIFIER_assert(u.port >= -1 && u.port <= 65535);
        __VERIFIER_assert(u.path_len <= PATH_MAX_LEN && u.query_len <= N);
    }
    return 0;
}
