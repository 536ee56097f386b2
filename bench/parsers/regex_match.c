// kappa-expect: verdict=true
// Kernighan and Pike regular-expression matcher (c . ^ $ *, recursive match/matchhere/matchstar); a 5-char nondet pattern against a 4-char nondet text: a pattern without metacharacters matches exactly when it is a substring
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "regex_match.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

static int matchhere(const char *re, const char *text);

/* matchstar: search for c*re at beginning of text */
static int matchstar(int c, const char *re, const char *text) {
    do { /* a * matches zero or more instances */
        if (matchhere(re, text)) {
            return 1;
        }
    } while (*text != '\0' && (*text++ == c || c == '.'));
    return 0;
}

/* matchhere: search for re at beginning of text */
static int matchhere(const char *re, const char *text) {
    if (re[0] == '\0') {
        return 1;
    }
    if (re[1] == '*') {
        return matchstar(re[0], re + 2, text);
    }
    if (re[0] == '$' && re[1] == '\0') {
        return *text == '\0';
    }
    if (*text != '\0' && (re[0] == '.' || re[0] == *text)) {
        return matchhere(re + 1, text + 1);
    }
    return 0;
}

/* match: search for re anywhere in text */
int match(const char *re, const char *text) {
    if (re[0] == '^') {
        return matchhere(re + 1, text);
    }
    do { /* must look even if string is empty */
        if (matchhere(re, text)) {
            return 1;
        }
    } while (*text++ != '\0');
    return 0;
}

static int has_meta(const char *re) {
    for (; *re; re++) {
        switch (*re) {
        case '^':
        case '$':
        case '.':
        case '*':
            return 1;
        default:
            break;
        }
    }
    return 0;
}

static int contains(const char *text, const char *lit) {
    for (const char *t = text;; t++) {
        const char *a = t, *b = lit;
        while (*b && *a == *b) {
            a++;
            b++;
        }
        if (*b == '\0') {
            return 1;
        }
        if (*t == '\0') {
            return 0;
        }
    }
}

int main(void) {
    char re[6], text[5];
    for (int i = 0; i < 5; i++) {
        re[i] = __VERIFIER_nondet_char();
    }
    re[5] = '\0';
    for (int i = 0; i < 4; i++) {
        text[i] = __VERIFIER_nondet_char();
    }
    text[4] = '\0';
    int m = match(re, text);
    if (!has_meta(re)) {
        __VERIFIER_assert(m == contains(text, re));
    }
    return 0;
}
