// kappa-expect: verdict=false
/* The example: a parser of "key=HEX;" records over a buffer, with string.h, stdio.h and
   ctype.h. The buffer's contents are inputs; reach_error() is reachable when a record's value
   is 0xbeef. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

extern char __VERIFIER_nondet_char(void);
extern void reach_error(void);

static int parse_record(const char *rec, char *key, size_t keycap, long *value) {
    const char *eq = strchr(rec, '=');
    if (eq == NULL || (size_t)(eq - rec) >= keycap)
        return -1;
    memcpy(key, rec, (size_t)(eq - rec));
    key[eq - rec] = 0;
    for (const char *p = eq + 1; *p; p++)
        if (!isxdigit((unsigned char)*p))
            return -1;
    char *end;
    *value = strtol(eq + 1, &end, 16);
    return *end == 0 && end != eq + 1 ? 0 : -1;
}

int main(void) {
    char buf[8];
    for (int i = 0; i < 6; i++)
        buf[i] = __VERIFIER_nondet_char();
    buf[6] = buf[7] = 0;
    char key[4];
    long v;
    if (parse_record(buf, key, sizeof key, &v) == 0) {
        char msg[32];
        snprintf(msg, sizeof msg, "%s=%lx", key, v);
        printf("%s (%zu)\n", msg, strlen(msg));
        if (v == 0xbeef)
            reach_error();
    }
    return 0;
}
