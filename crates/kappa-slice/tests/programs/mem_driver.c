// A device extension reached through a pointer and a request passed by pointer: whether the
// lock protocol fails depends on ext->lock, irp->major and irp->status only; the statistics, the
// trace array and the request's buffer do not matter for reach_error().
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct irp { int major; int status; int buf[4]; };
struct ext { int lock; int stats; int trace[4]; int ntrace; };
struct ext devext;
struct irp req;

void acquire(struct ext *e) { if (e->lock) reach_error(); e->lock = 1; }
void release(struct ext *e) { if (!e->lock) reach_error(); e->lock = 0; }

int dispatch(struct ext *e, struct irp *r)
{
    e->stats = e->stats + 1;
    e->trace[e->ntrace & 3] = r->major;
    e->ntrace = e->ntrace + 1;
    if (r->major == 3) {
        acquire(e);
        r->buf[r->status & 3] = e->stats;
        if (r->status == 7)
            return -1; /* the bug: the lock stays held */
        release(e);
        r->status = 0;
    } else {
        r->status = -1;
    }
    return r->status;
}

int main(void)
{
    struct ext *e = &devext;
    struct irp *r = &req;
    int n = 0;
    r->major = __VERIFIER_nondet_int();
    r->status = __VERIFIER_nondet_int();
    n = dispatch(e, r);
    r->major = __VERIFIER_nondet_int();
    n = n + dispatch(e, r);
    return n;
}
