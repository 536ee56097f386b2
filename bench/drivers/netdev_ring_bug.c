// kappa-expect: verdict=false
// netdev_ring_bug: a Linux Ethernet driver (after e1000): a transmit descriptor ring in the adapter struct reached through netdev_priv, a TX lock, transmit, TX clean-up and receive interrupts, multicast hash filter, ethtool statistics. Property: transmit never hands the hardware a descriptor still in use, the TX lock is taken and released in turn, and a stopped queue gets no packet. Bug: the count of free descriptors forgets the slot kept empty, so a full ring looks empty and transmit reuses a descriptor in flight.
// failing-input: 0 0 1 0 0 0 0 0 2 0 0 0 0
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "netdev_ring_bug.c", 5, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define TX_RING_SIZE 4
#define RX_RING_SIZE 4
#define MAX_SKB_FRAGS 2
#define TX_STOP_THRESHOLD 1
#define TX_WAKE_THRESHOLD 2
#define FRAG_LEN 4
#define MC_FILTER_WORDS 4
#define MAX_MC_ADDRS 3
#define NETDEV_TX_OK 0
#define NETDEV_TX_BUSY 16
#define NETIF_MSG_TX_ERR 1
#define NETIF_MSG_RX_STATUS 2
#define NETIF_MSG_HW 4

struct sk_buff {
    unsigned int len;
    int nr_frags;
    int frag_data[MAX_SKB_FRAGS + 1][FRAG_LEN];
    int protocol;
};

struct tx_desc {
    int in_use;
    int done;
    unsigned int length;
    int data[FRAG_LEN];
};

struct rx_desc {
    int ready;
    unsigned int length;
    int data[FRAG_LEN];
    int csum;
};

struct tx_ring {
    struct tx_desc desc[TX_RING_SIZE];
    int next_to_use;
    int next_to_clean;
    int count;
};

struct net_stats {
    unsigned int tx_packets;
    unsigned int tx_bytes;
    unsigned int tx_busy;
    unsigned int rx_packets;
    unsigned int rx_bytes;
    unsigned int rx_csum_err;
    unsigned int multicast;
};

struct spinlock {
    int locked;
};

struct adapter {
    struct tx_ring tx;
    struct rx_desc rx[RX_RING_SIZE];
    int rx_next;
    struct spinlock tx_lock;
    int queue_stopped;
    int link_up;
    int msg_enable;
    unsigned int mc_filter[MC_FILTER_WORDS];
    int mc_addrs[MAX_MC_ADDRS];
    int mc_count;
    int promisc;
    struct net_stats stats;
    int log[8];
    int log_count;
};

struct net_device {
    struct adapter *priv;
    int flags;
    int mtu;
};

struct adapter *netdev_priv(struct net_device *dev)
{
    return dev->priv;
}

void spin_lock(struct spinlock *l)
{
    if (l->locked) {
        reach_error();
        abort();
    }
    l->locked = 1;
}

void spin_unlock(struct spinlock *l)
{
    if (!l->locked) {
        reach_error();
        abort();
    }
    l->locked = 0;
}

void netif_stop_queue(struct adapter *a)
{
    a->queue_stopped = 1;
}

void netif_wake_queue(struct adapter *a)
{
    a->queue_stopped = 0;
}

void netdev_log(struct adapter *a, int level, int code)
{
    if ((a->msg_enable & level) == 0) {
        return;
    }
    a->log[a->log_count % 8] = code;
    a->log_count++;
}

int desc_unused(struct tx_ring *r)
{
    int base = r->next_to_clean > r->next_to_use ? 0 : r->count;
    return base + r->next_to_clean - r->next_to_use;
}

int xmit_frame(struct sk_buff *skb, struct net_device *dev)
{
    struct adapter *a = netdev_priv(dev);
    struct tx_ring *r = &a->tx;
    struct tx_desc *d;
    int needed = skb->nr_frags + 1;
    int f;
    int i;
    if (a->queue_stopped) {
        reach_error();
        abort();
    }
    if (!a->link_up) {
        netdev_log(a, NETIF_MSG_TX_ERR, 1);
        return NETDEV_TX_OK;
    }
    spin_lock(&a->tx_lock);
    if (desc_unused(r) < needed) {
        netif_stop_queue(a);
        a->stats.tx_busy++;
        spin_unlock(&a->tx_lock);
        return NETDEV_TX_BUSY;
    }
    for (f = 0; f < needed; f++) {
        d = &r->desc[r->next_to_use];
        if (d->in_use) {
            reach_error();
            abort();
        }
        d->in_use = 1;
        d->done = 0;
        d->length = FRAG_LEN;
        for (i = 0; i < FRAG_LEN; i++) {
            d->data[i] = skb->frag_data[f][i];
        }
        r->next_to_use = (r->next_to_use + 1) % r->count;
    }
    a->stats.tx_packets++;
    a->stats.tx_bytes += skb->len;
    if (desc_unused(r) < TX_STOP_THRESHOLD) {
        netif_stop_queue(a);
    }
    spin_unlock(&a->tx_lock);
    return NETDEV_TX_OK;
}

/* TX clean-up interrupt: descriptors the hardware has finished are returned to the ring. */
void clean_tx_irq(struct adapter *a)
{
    struct tx_ring *r = &a->tx;
    int cleaned = 0;
    spin_lock(&a->tx_lock);
    while (r->next_to_clean != r->next_to_use && r->desc[r->next_to_clean].done) {
        r->desc[r->next_to_clean].in_use = 0;
        r->desc[r->next_to_clean].done = 0;
        r->next_to_clean = (r->next_to_clean + 1) % r->count;
        cleaned++;
    }
    if (a->queue_stopped && desc_unused(r) >= TX_WAKE_THRESHOLD) {
        netif_wake_queue(a);
    }
    spin_unlock(&a->tx_lock);
    netdev_log(a, NETIF_MSG_HW, cleaned);
}

/* The hardware finishes some of the descriptors in flight. */
void hw_complete_tx(struct adapter *a)
{
    int i;
    for (i = 0; i < TX_RING_SIZE; i++) {
        if (a->tx.desc[i].in_use && __VERIFIER_nondet_int()) {
            a->tx.desc[i].done = 1;
        }
    }
}

int rx_checksum(int *data, unsigned int len)
{
    unsigned int i;
    int sum = 0;
    for (i = 0; i < len; i++) {
        sum = (sum + (data[i] & 0xffff)) & 0xffff;
    }
    return sum;
}

void clean_rx_irq(struct adapter *a)
{
    struct rx_desc *d;
    int budget = 2;
    int i;
    while (budget > 0) {
        d = &a->rx[a->rx_next];
        d->ready = __VERIFIER_nondet_int();
        if (!d->ready) {
            break;
        }
        d->length = __VERIFIER_nondet_uint() % (FRAG_LEN + 1);
        for (i = 0; i < FRAG_LEN; i++) {
            d->data[i] = __VERIFIER_nondet_int();
        }
        d->csum = __VERIFIER_nondet_int();
        if (rx_checksum(d->data, d->length) != (d->csum & 0xffff)) {
            a->stats.rx_csum_err++;
            netdev_log(a, NETIF_MSG_RX_STATUS, 2);
        } else {
            a->stats.rx_packets++;
            a->stats.rx_bytes += d->length;
        }
        d->ready = 0;
        a->rx_next = (a->rx_next + 1) % RX_RING_SIZE;
        budget--;
    }
}

/* The multicast filter: a hash of each address selects a bit of the filter table. */
unsigned int mc_hash(int addr)
{
    unsigned int crc = 0xffffffffu;
    unsigned int v = (unsigned int)addr;
    int bit;
    for (bit = 0; bit < 8; bit++) {
        if ((crc ^ v) & 1) {
            crc = (crc >> 1) ^ 0xedb88320u;
        } else {
            crc = crc >> 1;
        }
        v = v >> 1;
    }
    return crc >> 27;
}

void set_multicast_list(struct net_device *dev)
{
    struct adapter *a = netdev_priv(dev);
    int i;
    unsigned int h;
    for (i = 0; i < MC_FILTER_WORDS; i++) {
        a->mc_filter[i] = 0;
    }
    if (dev->flags & 1) {
        a->promisc = 1;
        return;
    }
    a->promisc = 0;
    for (i = 0; i < a->mc_count; i++) {
        h = mc_hash(a->mc_addrs[i]);
        a->mc_filter[(h >> 3) % MC_FILTER_WORDS] |= 1u << (h & 7);
    }
    a->stats.multicast = (unsigned int)a->mc_count;
}

void get_ethtool_stats(struct adapter *a, unsigned int *data)
{
    data[0] = a->stats.tx_packets;
    data[1] = a->stats.tx_bytes;
    data[2] = a->stats.tx_busy;
    data[3] = a->stats.rx_packets;
    data[4] = a->stats.rx_bytes;
    data[5] = a->stats.rx_csum_err;
    data[6] = a->stats.multicast;
}

void adapter_open(struct adapter *a)
{
    int i;
    int j;
    a->tx.count = TX_RING_SIZE;
    a->tx.next_to_use = 0;
    a->tx.next_to_clean = 0;
    for (i = 0; i < TX_RING_SIZE; i++) {
        a->tx.desc[i].in_use = 0;
        a->tx.desc[i].done = 0;
        a->tx.desc[i].length = 0;
        for (j = 0; j < FRAG_LEN; j++) {
            a->tx.desc[i].data[j] = 0;
        }
    }
    a->rx_next = 0;
    for (i = 0; i < RX_RING_SIZE; i++) {
        a->rx[i].ready = 0;
        a->rx[i].length = 0;
        a->rx[i].csum = 0;
    }
    a->tx_lock.locked = 0;
    a->queue_stopped = 0;
    a->stats.tx_packets = 0;
    a->stats.tx_bytes = 0;
    a->stats.tx_busy = 0;
    a->stats.rx_packets = 0;
    a->stats.rx_bytes = 0;
    a->stats.rx_csum_err = 0;
    a->stats.multicast = 0;
    a->log_count = 0;
}

int choose(int n)
{
    int v = __VERIFIER_nondet_int();
    if (v < 0 || v >= n) {
        v = 0;
    }
    return v;
}

/* The environment: the stack transmits while the queue is awake; interrupts come in between. */
int main(void)
{
    struct adapter adapter;
    struct net_device dev;
    struct sk_buff skb;
    unsigned int ethtool[7];
    int k;
    int f;
    int i;
    dev.priv = &adapter;
    dev.flags = __VERIFIER_nondet_int();
    dev.mtu = 1500;
    adapter.msg_enable = __VERIFIER_nondet_int();
    adapter.link_up = __VERIFIER_nondet_int() != 0;
    adapter.mc_count = choose(MAX_MC_ADDRS + 1);
    for (i = 0; i < MAX_MC_ADDRS; i++) {
        adapter.mc_addrs[i] = __VERIFIER_nondet_int();
    }
    adapter_open(&adapter);
    set_multicast_list(&dev);
    for (k = 0; k < 4; k++) {
        switch (choose(4)) {
        case 0:
            if (!adapter.queue_stopped) {
                skb.nr_frags = choose(MAX_SKB_FRAGS + 1);
                skb.len = 0;
                for (f = 0; f <= skb.nr_frags; f++) {
                    for (i = 0; i < FRAG_LEN; i++) {
                        skb.frag_data[f][i] = f * 16 + i;
                    }
                    skb.len += FRAG_LEN;
                }
                skb.protocol = 0x0800;
                xmit_frame(&skb, &dev);
            }
            break;
        case 1:
            hw_complete_tx(&adapter);
            clean_tx_irq(&adapter);
            break;
        case 2:
            clean_rx_irq(&adapter);
            break;
        default:
            get_ethtool_stats(&adapter, ethtool);
            break;
        }
    }
    __VERIFIER_assert(adapter.tx_lock.locked == 0);
    return 0;
}
