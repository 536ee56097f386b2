// A driver-shaped program (docs/guide commands/slice.md): the statistics helpers `account` and
// `note` are summarised by the slicer, and their accesses through `d` are decided in their
// calling contexts (in bounds): the slice lists no possible undefined behaviour.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct stats { unsigned reads, writes, bytes; unsigned hist[4]; };
struct dev { int open; int last; int h4[4]; int h2[2]; struct stats st; };
struct req { int major; int len; };
static void note(int *h, int i) { h[i] = 1; }
static void account(struct stats *s, int major, int len) {
  if (major == 0) s->reads++; else s->writes++;
  s->hist[len & 3]++;
  if (len > 0) s->bytes += (unsigned)len;
}
static void dispatch(struct dev *d, struct req *r) {
  if (r->major == 2) { if (d->open && d->last == 9) reach_error(); d->open = 0; }
  else if (r->major == 1) { d->open = 1; d->last = r->len > 8 ? 8 : r->len; }
  account(&d->st, r->major, r->len);
  note(d->h4, 3); note(d->h2, 1);
}
int main(void) {
  struct dev dev = {0};
  for (int k = 0; k < 6; k++) {
    struct req r;
    r.major = __VERIFIER_nondet_int() & 3;
    r.len = __VERIFIER_nondet_int();
    dispatch(&dev, &r);
  }
  return 0;
}
