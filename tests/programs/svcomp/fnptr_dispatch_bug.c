// kappa-expect: verdict=false
// a driver's requests dispatched through a table of handlers in its ops struct; the read handler returns with the lock held when its argument is 7
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fnptr_dispatch_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

struct device;
typedef int (*handler_t)(struct device *, int);
struct device { int locked; int count; int last; };
struct ops { handler_t open; handler_t read; handler_t close; void (*log)(int); };

static int logged;
static void log_event(int e) { logged += e; }
static void lock(struct device *d) { __VERIFIER_assert(!d->locked); d->locked = 1; }
static void unlock(struct device *d) { __VERIFIER_assert(d->locked); d->locked = 0; }

static int dev_open(struct device *d, int arg) { lock(d); d->count++; unlock(d); return arg > 0 ? 0 : -1; }
static int dev_read(struct device *d, int arg) {
    lock(d);
    if (arg < 0) { unlock(d); return -1; }
    if (arg == 7) return 7;
    d->last = arg;
    unlock(d);
    return arg;
}
static int dev_close(struct device *d, int arg) { lock(d); d->count--; unlock(d); return arg; }

static const struct ops dev_ops = { dev_open, dev_read, &dev_close, log_event };

static int dispatch(const struct ops *ops, struct device *d, int major, int arg) {
    handler_t table[3] = { ops->open, ops->read, ops->close };
    if (major < 0 || major > 2) return -1;
    int r = table[major](d, arg);
    if (ops->log) (*ops->log)(major);
    return r;
}

int main(void) {
    struct device dev = { 0, 0, 0 };
    for (int i = 0; i < 4; i++) {
        int major = __VERIFIER_nondet_int();
        int arg = __VERIFIER_nondet_int();
        int r = dispatch(&dev_ops, &dev, major, arg);
        __VERIFIER_assert(!dev.locked);
        if (major == 1 && arg >= 0) __VERIFIER_assert(r == arg && dev.last == arg);
    }
    return 0;
}
