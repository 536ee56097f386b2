// kappa-expect: verdict=true
// unseen (lead, 2026-12-02): a path normaliser (collapses `//`, drops `.` segments, resolves
// `..` without going above the root) over 8 nondet chars: the result is no longer than the
// input, starts with `/` for an absolute path and has no `.` or `..` segment
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "path_norm.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define LEN 8
struct seg { int start, len; };

static int normalise(const char *in, int n, char *out) {
  struct seg segs[LEN];
  int nseg = 0, i = 0, abs = n > 0 && in[0] == '/';
  while (i < n && in[i] != 0) {
    while (i < n && in[i] == '/') i++;
    int st = i;
    while (i < n && in[i] != '/' && in[i] != 0) i++;
    int len = i - st;
    if (len == 0 || (len == 1 && in[st] == '.')) continue;
    if (len == 2 && in[st] == '.' && in[st + 1] == '.') {
      if (nseg > 0) nseg--;
      continue;
    }
    segs[nseg].start = st;
    segs[nseg].len = len;
    nseg++;
  }
  int o = 0;
  if (abs) out[o++] = '/';
  for (int k = 0; k < nseg; k++) {
    if (k > 0) out[o++] = '/';
    for (int j = 0; j < segs[k].len; j++) out[o++] = in[segs[k].start + j];
  }
  return o;
}

int main(void) {
  char in[LEN], out[LEN + 1];
  for (int i = 0; i < LEN; i++) in[i] = __VERIFIER_nondet_char();
  int n = normalise(in, LEN, out);
  __VERIFIER_assert(n >= 0 && n <= LEN);
  if (in[0] == '/') __VERIFIER_assert(n >= 1 && out[0] == '/');
  for (int k = 0; k + 1 < n; k++) {
    __VERIFIER_assert(!(out[k] == '/' && out[k + 1] == '/'));
    if (out[k] == '/' && out[k + 1] == '.')
      __VERIFIER_assert(k + 2 < n && out[k + 2] != '/' && (out[k + 2] != '.' || (k + 3 < n && out[k + 3] != '/')));
  }
  return 0;
}
