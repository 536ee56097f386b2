// kappa-expect: verdict=true
// unseen (lead, 2026-12-02): a hex decoder (optional 0x prefix, blanks between byte pairs,
// upper and lower case) over 8 nondet chars: a decoded byte re-encodes to its two digits
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "hex_decode.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define LEN 8
struct out { unsigned char bytes[4]; int n; int pos[4]; };

static int nibble(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

static int decode(const char *s, int n, struct out *o) {
  int i = 0;
  o->n = 0;
  if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) i = 2;
  while (i < n) {
    if (s[i] == ' ' || s[i] == ':') { i++; continue; }
    if (s[i] == 0) break;
    if (i + 1 >= n) return -1;
    int hi = nibble(s[i]), lo = nibble(s[i + 1]);
    if (hi < 0 || lo < 0) return -2;
    if (o->n == 4) return -3;
    o->pos[o->n] = i;
    o->bytes[o->n++] = (unsigned char)(hi * 16 + lo);
    i += 2;
  }
  return o->n;
}

static char lower_hex(int v) { return v < 10 ? (char)('0' + v) : (char)('a' + v - 10); }
static char lower(char c) { return (c >= 'A' && c <= 'F') ? (char)(c - 'A' + 'a') : c; }

int main(void) {
  char s[LEN];
  for (int i = 0; i < LEN; i++) s[i] = __VERIFIER_nondet_char();
  struct out o;
  int r = decode(s, LEN, &o);
  if (r > 0) {
    for (int k = 0; k < o.n; k++) {
      int p = o.pos[k];
      __VERIFIER_assert(p >= 0 && p + 1 < LEN);
      __VERIFIER_assert(lower_hex(o.bytes[k] >> 4) == lower(s[p]));
      __VERIFIER_assert(lower_hex(o.bytes[k] & 15) == lower(s[p + 1]));
    }
  }
  return 0;
}
