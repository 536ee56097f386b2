// kappa-expect: verdict=true
// unseen (lead, 2026-12-02): a driver-like program: device state in a struct reached through a
// pointer, ten requests dispatched by a switch, a statistics helper with its own branches; the
// check: a flush never sees a last length of 9 (lengths above 8 are refused): safe
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "drv_dispatch.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
enum { IRP_READ, IRP_WRITE, IRP_FLUSH, IRP_IOCTL, IRP_CLOSE };
struct stats { int reads, writes, flushes, errors, max_len; unsigned bytes; };
struct dev { int open; int queue; int last_op; int last_len; int state; struct stats st; };
struct irp { int major; int len; int status; };
static void account(struct stats *s, int op, int len) {
  if (op == IRP_READ) s->reads++;
  else if (op == IRP_WRITE) s->writes++;
  else if (op == IRP_FLUSH) s->flushes++;
  if (len > 0) s->bytes += (unsigned)len;
  if (len > s->max_len) s->max_len = len;
  if (len < 0) s->errors++;
}
static int dispatch(struct dev *d, struct irp *r) {
  switch (r->major) {
  case IRP_READ:
    if (!d->open) { r->status = -1; break; }
    if (r->len <= 0 || r->len > 8) { r->status = -2; break; }
    d->queue++; d->last_len = r->len; r->status = 0; break;
  case IRP_WRITE:
    if (!d->open) { r->status = -1; break; }
    if (r->len <= 0 || r->len > 8) { r->status = -2; break; }
    d->queue++; d->last_len = r->len; r->status = 0; break;
  case IRP_FLUSH:
    if (d->last_op == IRP_READ && d->last_len == 9) reach_error();
    d->queue = 0; r->status = 0; break;
  case IRP_IOCTL:
    if (r->len == 7) d->state = (d->state + 1) % 4; else d->open = 1;
    r->status = 0; break;
  default:
    d->open = 0; d->queue = 0; r->status = 0; break;
  }
  account(&d->st, r->major, r->status == 0 ? r->len : -1);
  d->last_op = r->major;
  return r->status;
}
int main(void) {
  struct dev dev = {0};
  struct dev *d = &dev;
  for (int k = 0; k < 10; k++) {
    struct irp r;
    r.major = __VERIFIER_nondet_int();
    r.len = __VERIFIER_nondet_int();
    if (r.major < 0 || r.major > 4) r.major = IRP_CLOSE;
    dispatch(d, &r);
  }
  return 0;
}
