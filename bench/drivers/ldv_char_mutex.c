// kappa-expect: verdict=true
// ldv_char_mutex: a Linux character device driver in the style of SV-COMP's ldv-linux tasks: open/read/write/ioctl/release called through its file_operations table, a mutex in the device struct checked by the LDV mutex model. Property: the mutex is never locked twice nor unlocked when free, and is free when the module is unloaded.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "ldv_char_mutex.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define EINVAL 22
#define EFAULT 14
#define EBUSY 16
#define ENOTTY 25
#define EINTR 4
#define BUF_SIZE 8

#define CHR_IOC_RESET 0x4b01
#define CHR_IOC_GETLEN 0x4b02
#define CHR_IOC_SETMODE 0x4b03

/* The LDV model of struct mutex: 1 locked, 0 free. */
struct mutex {
    int locked;
};

void mutex_lock(struct mutex *m)
{
    if (m->locked) {
        reach_error();
        abort();
    }
    m->locked = 1;
}

int mutex_lock_interruptible(struct mutex *m)
{
    if (m->locked) {
        reach_error();
        abort();
    }
    if (__VERIFIER_nondet_int()) {
        return -EINTR;
    }
    m->locked = 1;
    return 0;
}

void mutex_unlock(struct mutex *m)
{
    if (!m->locked) {
        reach_error();
        abort();
    }
    m->locked = 0;
}

struct chr_dev {
    struct mutex lock;
    int open_count;
    int mode;
    unsigned int len;
    int buf[BUF_SIZE];
    unsigned int reads;
    unsigned int writes;
    unsigned int bytes;
};

struct file {
    struct chr_dev *private_data;
    unsigned int f_pos;
    int f_flags;
};

struct file_operations {
    int (*open)(struct chr_dev *, struct file *);
    int (*read)(struct file *, int *, unsigned int);
    int (*write)(struct file *, const int *, unsigned int);
    int (*unlocked_ioctl)(struct file *, unsigned int, unsigned int);
    int (*release)(struct file *);
};

int copy_to_user(int *to, const int *from, unsigned int n)
{
    unsigned int i;
    if (__VERIFIER_nondet_int()) {
        return (int)n;
    }
    for (i = 0; i < n; i++) {
        to[i] = from[i];
    }
    return 0;
}

int copy_from_user(int *to, const int *from, unsigned int n)
{
    unsigned int i;
    if (__VERIFIER_nondet_int()) {
        return (int)n;
    }
    for (i = 0; i < n; i++) {
        to[i] = from[i];
    }
    return 0;
}

int chr_open(struct chr_dev *dev, struct file *filp)
{
    if (mutex_lock_interruptible(&dev->lock)) {
        return -EINTR;
    }
    if (dev->open_count > 0 && (filp->f_flags & 1)) {
        mutex_unlock(&dev->lock);
        return -EBUSY;
    }
    dev->open_count++;
    filp->private_data = dev;
    filp->f_pos = 0;
    mutex_unlock(&dev->lock);
    return 0;
}

int chr_read(struct file *filp, int *ubuf, unsigned int count)
{
    struct chr_dev *dev = filp->private_data;
    int ret;
    mutex_lock(&dev->lock);
    if (filp->f_pos >= dev->len) {
        mutex_unlock(&dev->lock);
        return 0;
    }
    if (count > dev->len - filp->f_pos) {
        count = dev->len - filp->f_pos;
    }
    if (copy_to_user(ubuf, &dev->buf[filp->f_pos], count)) {
        ret = -EFAULT;
    } else {
        filp->f_pos += count;
        dev->reads++;
        dev->bytes += count;
        ret = (int)count;
    }
    mutex_unlock(&dev->lock);
    return ret;
}

int chr_write(struct file *filp, const int *ubuf, unsigned int count)
{
    struct chr_dev *dev = filp->private_data;
    if (count > BUF_SIZE) {
        return -EINVAL;
    }
    if (mutex_lock_interruptible(&dev->lock)) {
        return -EINTR;
    }
    if (copy_from_user(dev->buf, ubuf, count)) {
        mutex_unlock(&dev->lock);
        return -EFAULT;
    }
    dev->len = count;
    dev->writes++;
    dev->bytes += count;
    mutex_unlock(&dev->lock);
    return (int)count;
}

int chr_ioctl(struct file *filp, unsigned int cmd, unsigned int arg)
{
    struct chr_dev *dev = filp->private_data;
    int ret = 0;
    int i;
    mutex_lock(&dev->lock);
    switch (cmd) {
    case CHR_IOC_RESET:
        for (i = 0; i < BUF_SIZE; i++) {
            dev->buf[i] = 0;
        }
        dev->len = 0;
        break;
    case CHR_IOC_GETLEN:
        ret = (int)dev->len;
        break;
    case CHR_IOC_SETMODE:
        if (arg > 3) {
            ret = -EINVAL;
            break;
        }
        dev->mode = (int)arg;
        break;
    default:
        ret = -ENOTTY;
        break;
    }
    mutex_unlock(&dev->lock);
    return ret;
}

int chr_release(struct file *filp)
{
    struct chr_dev *dev = filp->private_data;
    mutex_lock(&dev->lock);
    dev->open_count--;
    mutex_unlock(&dev->lock);
    return 0;
}

struct file_operations chr_fops = {
    .open = chr_open,
    .read = chr_read,
    .write = chr_write,
    .unlocked_ioctl = chr_ioctl,
    .release = chr_release,
};

unsigned int IoctlCmds[4] = {CHR_IOC_RESET, CHR_IOC_GETLEN, CHR_IOC_SETMODE, 0x4b10};

int choose(int n)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= n) {
        v = 0;
    }
    return v;
}

/* The LDV environment model: load, open, a sequence of calls on the file, release, unload. */
int main(void)
{
    struct chr_dev dev;
    struct file filp;
    int user[BUF_SIZE];
    int i;
    int k;
    unsigned int cmd;
    dev.lock.locked = 0;
    dev.open_count = 0;
    dev.mode = 0;
    dev.len = 0;
    dev.reads = 0;
    dev.writes = 0;
    dev.bytes = 0;
    for (i = 0; i < BUF_SIZE; i++) {
        dev.buf[i] = 0;
        user[i] = __VERIFIER_nondet_int();
    }
    filp.private_data = 0;
    filp.f_pos = 0;
    filp.f_flags = __VERIFIER_nondet_int();
    if (chr_fops.open(&dev, &filp) != 0) {
        __VERIFIER_assert(dev.lock.locked == 0);
        return 0;
    }
    for (k = 0; k < 3; k++) {
        switch (choose(3)) {
        case 0:
            chr_fops.read(&filp, user, __VERIFIER_nondet_uint() % (BUF_SIZE + 1));
            break;
        case 1:
            chr_fops.write(&filp, user, __VERIFIER_nondet_uint());
            break;
        default:
            cmd = IoctlCmds[choose(4)];
            chr_fops.unlocked_ioctl(&filp, cmd, __VERIFIER_nondet_uint());
            break;
        }
    }
    chr_fops.release(&filp);
    __VERIFIER_assert(dev.lock.locked == 0);
    return 0;
}
