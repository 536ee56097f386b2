// kappa-expect: verdict=false
// i2c_xfer_bug: a Linux I2C bus driver's master_xfer (after i2c-core and a simple controller driver): messages passed by pointer as an array, the adapter's bus lock, a retry loop on arbitration loss. Property: the bus lock is taken and released in turn and free afterwards, and a count of messages transferred never exceeds the count given. Bug: the messages are checked under the bus lock, and a bad length returns with the lock held.
// failing-input: 0 1 0 5 0 0 0 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "i2c_xfer_bug.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define EAGAIN 11
#define EIO 5
#define EINVAL 22
#define I2C_M_RD 1
#define MAX_MSGS 3
#define MSG_LEN 2

struct i2c_msg {
    int addr;
    int flags;
    int len;
    int buf[MSG_LEN];
};

struct rt_mutex {
    int locked;
};

struct i2c_adapter {
    struct rt_mutex bus_lock;
    int retries;
    int nr;
    unsigned int xfers;
    unsigned int bytes;
    int regs[4];
};

void rt_mutex_lock(struct rt_mutex *m)
{
    if (m->locked) {
        reach_error();
        abort();
    }
    m->locked = 1;
}

void rt_mutex_unlock(struct rt_mutex *m)
{
    if (!m->locked) {
        reach_error();
        abort();
    }
    m->locked = 0;
}

/* The controller: one message, -EAGAIN on arbitration loss, -EIO on NAK. */
int ctrl_xfer_one(struct i2c_adapter *adap, struct i2c_msg *msg)
{
    int r = __VERIFIER_nondet_int();
    int i;
    if (r == 1) {
        return -EAGAIN;
    }
    if (r == 2) {
        return -EIO;
    }
    adap->regs[0] = msg->addr << 1 | (msg->flags & I2C_M_RD);
    for (i = 0; i < msg->len; i++) {
        if (msg->flags & I2C_M_RD) {
            msg->buf[i] = __VERIFIER_nondet_int() & 0xff;
        } else {
            adap->regs[1] = msg->buf[i];
        }
        adap->bytes++;
    }
    return 0;
}

int ctrl_master_xfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
    int i;
    int ret;
    for (i = 0; i < num; i++) {
        ret = ctrl_xfer_one(adap, &msgs[i]);
        if (ret < 0) {
            return i > 0 ? i : ret;
        }
    }
    return num;
}

int __i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
    int ret = -EAGAIN;
    int try;
    for (try = 0; try <= adap->retries; try++) {
        ret = ctrl_master_xfer(adap, msgs, num);
        if (ret != -EAGAIN) {
            break;
        }
    }
    return ret;
}

int i2c_transfer(struct i2c_adapter *adap, struct i2c_msg *msgs, int num)
{
    int ret;
    int i;
    if (num <= 0 || num > MAX_MSGS) {
        return -EINVAL;
    }
    rt_mutex_lock(&adap->bus_lock);
    for (i = 0; i < num; i++) {
        if (msgs[i].len < 0 || msgs[i].len > MSG_LEN) {
            return -EINVAL;
        }
    }
    ret = __i2c_transfer(adap, msgs, num);
    rt_mutex_unlock(&adap->bus_lock);
    if (ret > 0) {
        adap->xfers++;
    }
    return ret;
}

int main(void)
{
    struct i2c_adapter adap;
    struct i2c_msg msgs[MAX_MSGS];
    int num;
    int ret;
    int i;
    int j;
    adap.bus_lock.locked = 0;
    adap.retries = __VERIFIER_nondet_int() & 1;
    adap.nr = 0;
    adap.xfers = 0;
    adap.bytes = 0;
    for (i = 0; i < 4; i++) {
        adap.regs[i] = 0;
    }
    num = __VERIFIER_nondet_int();
    for (i = 0; i < MAX_MSGS; i++) {
        msgs[i].addr = 0x50 + i;
        msgs[i].flags = __VERIFIER_nondet_int() & I2C_M_RD;
        msgs[i].len = __VERIFIER_nondet_int();
        for (j = 0; j < MSG_LEN; j++) {
            msgs[i].buf[j] = j;
        }
    }
    ret = i2c_transfer(&adap, msgs, num);
    __VERIFIER_assert(adap.bus_lock.locked == 0);
    __VERIFIER_assert(ret < 0 || ret <= num);
    return 0;
}
