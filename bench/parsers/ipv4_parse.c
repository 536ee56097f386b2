// kappa-expect: verdict=false
// inet_pton-style dotted-quad IPv4 parser (four octets, no leading zeros, a digit counter per octet) over 9 nondet chars. PLANTED BUG: the octet range check is > 256 instead of > 255
// witness: 3235362e312e312e31
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ipv4_parse.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

struct ipv4 {
    int octet[4];
};

enum { IP_OK = 0, IP_ERR = -1 };

int ipv4_parse(const char *src, struct ipv4 *out) {
    int saw_digit = 0, octets = 0, ndigits = 0;
    int cur = 0;
    char ch;
    while ((ch = *src++) != '\0') {
        if (ch >= '0' && ch <= '9') {
            if (saw_digit && cur == 0) {
                return IP_ERR; /* leading zero */
            }
            cur = cur * 10 + (ch - '0');
            if (++ndigits > 3 || cur > 256) { /* BUG: 256 passes; should be cur > 255 */
                return IP_ERR;
            }
            if (!saw_digit) {
                if (++octets > 4) {
                    return IP_ERR;
                }
                saw_digit = 1;
            }
        } else if (ch == '.' && saw_digit) {
            if (octets == 4) {
                return IP_ERR;
            }
            out->octet[octets - 1] = cur;
            cur = 0;
            ndigits = 0;
            saw_digit = 0;
        } else {
            return IP_ERR;
        }
    }
    if (octets < 4 || !saw_digit) {
        return IP_ERR;
    }
    out->octet[3] = cur;
    return IP_OK;
}

#define N 9
int main(void) {
    char s[N + 1];
    struct ipv4 a;
    for (int i = 0; i < N; i++) {
        s[i] = __VERIFIER_nondet_char();
    }
    s[N] = '\0';
    if (ipv4_parse(s, &a) == IP_OK) {
        for (int i = 0; i < 4; i++) {
            __VERIFIER_assert(a.octet[i] >= 0 && a.octet[i] <= 255);
        }
    }
    return 0;
}
