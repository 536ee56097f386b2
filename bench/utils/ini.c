/* ini: parses "[section]" and "key = value" lines of standard input, ignores ';' comments, and
   prints section.key=value; exit 1 on a malformed line. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

static char *trim(char *s) {
    while (isspace((unsigned char)*s)) s++;
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1])) s[--n] = 0;
    return s;
}

int main(void) {
    char line[40], section[8] = "";
    int lineno = 0;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        char *s = trim(line);
        if (*s == 0 || *s == ';') continue;
        if (*s == '[') {
            char *end = strchr(s, ']');
            if (end == NULL) { fprintf(stderr, "line %d: unterminated section\n", lineno); return 1; }
            size_t n = (size_t)(end - s - 1);
            /* PLANTED BUG (off-by-one write): a name of exactly 8 characters passes the check and
               its terminator lands one past `section`. */
            if (n > sizeof section) { fprintf(stderr, "line %d: section name too long\n", lineno); return 1; }
            memcpy(section, s + 1, n);
            section[n] = 0;
            continue;
        }
        char *eq = strchr(s, '=');
        if (eq == NULL) { fprintf(stderr, "line %d: expected key = value\n", lineno); return 1; }
        *eq = 0;
        char *key = trim(s), *value = trim(eq + 1);
        if (*key == 0) { fprintf(stderr, "line %d: empty key\n", lineno); return 1; }
        printf("%s%s%s=%s\n", section, *section ? "." : "", key, value);
    }
    return 0;
}
