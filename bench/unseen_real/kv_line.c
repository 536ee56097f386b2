// kappa-expect: verdict=true
// unseen (lead, 2026-12-02): a config-line reader (blanks, `#` comments, key=value with an
// optional quoted value) over 8 nondet chars: the key and the value lie inside the line
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "kv_line.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define LEN 8
enum { KV_OK, KV_BLANK, KV_COMMENT, KV_NOKEY, KV_NOEQ, KV_UNTERMINATED };
struct kv { int key_start, key_len, val_start, val_len; int quoted; };

static int is_blank(char c) { return c == ' ' || c == '\t'; }
static int is_key_char(char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '.'; }

static int parse_line(const char *s, int n, struct kv *out) {
  int i = 0;
  while (i < n && is_blank(s[i])) i++;
  if (i == n || s[i] == '\n' || s[i] == 0) return KV_BLANK;
  if (s[i] == '#' || s[i] == ';') return KV_COMMENT;
  out->key_start = i;
  while (i < n && is_key_char(s[i])) i++;
  out->key_len = i - out->key_start;
  if (out->key_len == 0) return KV_NOKEY;
  while (i < n && is_blank(s[i])) i++;
  if (i == n || s[i] != '=') return KV_NOEQ;
  i++;
  while (i < n && is_blank(s[i])) i++;
  out->quoted = 0;
  if (i < n && s[i] == '"') {
    out->quoted = 1;
    i++;
    out->val_start = i;
    while (i < n && s[i] != '"') {
      if (s[i] == '\\' && i + 1 < n) i++;
      i++;
    }
    if (i >= n) return KV_UNTERMINATED;
    out->val_len = i - out->val_start;
    return KV_OK;
  }
  out->val_start = i;
  while (i < n && s[i] != '\n' && s[i] != 0 && s[i] != '#') i++;
  int end = i;
  while (end > out->val_start && is_blank(s[end - 1])) end--;
  out->val_len = end - out->val_start;
  return KV_OK;
}

int main(void) {
  char line[LEN];
  for (int i = 0; i < LEN; i++) line[i] = __VERIFIER_nondet_char();
  struct kv kv = {0, 0, 0, 0, 0};
  int r = parse_line(line, LEN, &kv);
  if (r == KV_OK) {
    __VERIFIER_assert(kv.key_len > 0 && kv.key_start + kv.key_len <= LEN);
    __VERIFIER_assert(kv.val_len >= 0 && kv.val_start + kv.val_len <= LEN);
    __VERIFIER_assert(kv.key_start + kv.key_len < kv.val_start);
  }
  return 0;
}
