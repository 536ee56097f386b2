// kappa-expect: verdict=true
// inih-style INI reader (line splitting, whitespace trimming, ; and # comments, [section], name=value and name:value, a handler callback) over 8 nondet chars: the handler never sees a name with a separator or surrounding blanks
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ini_reader.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define MAX_SECTION 8
#define MAX_NAME 8
#define MAX_LINE 16

typedef int (*ini_handler)(void *user, const char *section, const char *name, const char *value);

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static char *rstrip(char *s) {
    char *p = s;
    while (*p) {
        p++;
    }
    while (p > s && is_space(*--p)) {
        *p = '\0';
    }
    return s;
}

static char *lskip(const char *s) {
    while (*s && is_space(*s)) {
        s++;
    }
    return (char *)s;
}

/* The first of chars (or an inline comment ';' after whitespace) in s, or the terminator. */
static char *find_chars_or_comment(const char *s, const char *chars) {
    int was_space = 0;
    while (*s) {
        const char *c = chars;
        int hit = 0;
        if (chars) {
            for (; *c; c++) {
                if (*c == *s) {
                    hit = 1;
                }
            }
        }
        if (hit || (was_space && *s == ';')) {
            break;
        }
        was_space = is_space(*s);
        s++;
    }
    return (char *)s;
}

static void strncpy0(char *dest, const char *src, int size) {
    int i;
    for (i = 0; i < size - 1 && src[i]; i++) {
        dest[i] = src[i];
    }
    dest[i] = '\0';
}

struct ini_stats {
    int sections, pairs, errors;
};

static int check_pair(void *user, const char *section, const char *name, const char *value) {
    struct ini_stats *st = (struct ini_stats *)user;
    const char *p;
    int n = 0;
    for (p = name; *p; p++, n++) {
        __VERIFIER_assert(*p != '=' && *p != ':' && *p != '\n');
    }
    __VERIFIER_assert(n > 0 && !is_space(name[0]) && !is_space(name[n - 1]));
    __VERIFIER_assert(!is_space(value[0]));
    for (n = 0; section[n]; n++) {
    }
    __VERIFIER_assert(n < MAX_SECTION);
    st->pairs++;
    return 1;
}

int ini_parse_string(const char *text, ini_handler handler, void *user) {
    char line[MAX_LINE];
    char section[MAX_SECTION] = "";
    char prev_name[MAX_NAME] = "";
    char *start, *end, *name, *value;
    int lineno = 0, error = 0;
    struct ini_stats *st = (struct ini_stats *)user;

    while (*text) {
        int n = 0;
        while (*text && *text != '\n' && n < MAX_LINE - 1) {
            line[n++] = *text++;
        }
        line[n] = '\0';
        if (*text == '\n') {
            text++;
        }
        lineno++;
        start = lskip(rstrip(line));
        switch (*start) {
        case '\0':
        case ';':
        case '#':
            break; /* blank line or comment */
        case '[':
            end = find_chars_or_comment(start + 1, "]");
            if (*end == ']') {
                *end = '\0';
                strncpy0(section, start + 1, sizeof(section));
                *prev_name = '\0';
                st->sections++;
            } else if (!error) {
                error = lineno; /* no ']' */
            }
            break;
        default:
            end = find_chars_or_comment(start, "=:");
            if (*end == '=' || *end == ':') {
                *end = '\0';
                name = rstrip(start);
                value = end + 1;
                end = find_chars_or_comment(value, 0);
                if (*end) {
                    *end = '\0';
                }
                value = lskip(value);
                rstrip(value);
                if (*name == '\0') {
                    if (!error) {
                        error = lineno; /* empty name */
                    }
                    break;
                }
                strncpy0(prev_name, name, sizeof(prev_name));
                if (!handler(user, section, name, value) && !error) {
                    error = lineno;
                }
            } else if (!error) {
                error = lineno; /* no '=' or ':' */
            }
            break;
        }
    }
    st->errors = error;
    return error;
}

#define N 8
int main(void) {
    char text[N + 1];
    struct ini_stats st = {0, 0, 0};
    for (int i = 0; i < N; i++) {
        text[i] = __VERIFIER_nondet_char();
    }
    text[N] = '\0';
    int err = ini_parse_string(text, check_pair, &st);
    __VERIFIER_assert(err >= 0 && err <= N && st.pairs + st.sections <= N / 2 + 1);
    return 0;
}
