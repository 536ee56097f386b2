// kappa-expect: verdict=false
// usb_urb_probe_bug: a Linux USB input driver in the style of SV-COMP's ldv-linux tasks: probe allocates the device struct, an interrupt URB and a control URB with their buffers and unwinds with gotos on failure; the URB completion handler decodes reports; disconnect frees everything. Property (the LDV URB model): every URB allocated is freed exactly once by the time the module is unloaded. Bug: a failure in usb_kbd_alloc_mem unwinds to the wrong label and leaks the URBs already allocated.
// held-out
// failing-input: 0 0 0 0 0 1
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "usb_urb_probe_bug.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void *malloc(unsigned long);
extern void free(void *);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }

#define ENOMEM 12
#define ENODEV 19
#define EIO 5
#define EINVAL 22
#define REPORT_LEN 6
#define MAX_KEYS 4
#define NAME_LEN 8

struct urb {
    int status;
    unsigned int actual_length;
    unsigned char *transfer_buffer;
    unsigned int transfer_buffer_length;
    void *context;
    int submitted;
};

struct usb_endpoint {
    int address;
    int is_int_in;
    unsigned int max_packet;
    int interval;
};

struct usb_interface {
    int num_endpoints;
    struct usb_endpoint endpoint[3];
    void *drvdata;
    int product_id;
    int vendor_id;
};

struct input_dev {
    int registered;
    int keys_down[MAX_KEYS];
    int events;
    char name[NAME_LEN];
};

struct usb_kbd {
    struct usb_interface *intf;
    struct input_dev *input;
    struct urb *irq;
    struct urb *ctl;
    unsigned char *new_report;
    unsigned char *ctl_buf;
    unsigned char old_report[REPORT_LEN];
    int leds;
    int open_count;
    unsigned int reports;
    unsigned int errors;
};

/* The LDV model of URBs: a counter of URBs allocated and not yet freed. */
int ldv_urb_count = 0;

struct urb *usb_alloc_urb(int iso_packets)
{
    struct urb *u;
    if (__VERIFIER_nondet_int()) {
        return 0;
    }
    u = malloc(sizeof(struct urb));
    if (u == 0) {
        return 0;
    }
    u->status = 0;
    u->actual_length = 0;
    u->transfer_buffer = 0;
    u->transfer_buffer_length = 0;
    u->context = 0;
    u->submitted = 0;
    ldv_urb_count++;
    return u;
}

void usb_free_urb(struct urb *u)
{
    if (u == 0) {
        return;
    }
    if (ldv_urb_count <= 0) {
        reach_error();
        abort();
    }
    ldv_urb_count--;
    free(u);
}

void *kzalloc(unsigned long size)
{
    unsigned char *p;
    unsigned long i;
    if (__VERIFIER_nondet_int()) {
        return 0;
    }
    p = malloc(size);
    if (p == 0) {
        return 0;
    }
    for (i = 0; i < size; i++) {
        p[i] = 0;
    }
    return p;
}

void kfree(void *p)
{
    if (p != 0) {
        free(p);
    }
}

int usb_submit_urb(struct urb *u)
{
    if (__VERIFIER_nondet_int()) {
        return -EIO;
    }
    u->submitted = 1;
    return 0;
}

void usb_kill_urb(struct urb *u)
{
    if (u != 0) {
        u->submitted = 0;
    }
}

int input_register_device(struct input_dev *dev)
{
    if (__VERIFIER_nondet_int()) {
        return -EINVAL;
    }
    dev->registered = 1;
    return 0;
}

void input_unregister_device(struct input_dev *dev)
{
    dev->registered = 0;
}

void input_report_key(struct input_dev *dev, int code, int down)
{
    if (code >= 0 && code < MAX_KEYS) {
        dev->keys_down[code] = down;
    }
    dev->events++;
}

/* The interrupt URB's completion handler: compares the new report with the old one. */
void usb_kbd_irq(struct urb *urb)
{
    struct usb_kbd *kbd = urb->context;
    int i;
    int changed = 0;
    if (urb->status != 0) {
        kbd->errors++;
        return;
    }
    if (urb->actual_length < 2) {
        kbd->errors++;
        return;
    }
    for (i = 0; i < MAX_KEYS; i++) {
        int down = (kbd->new_report[0] >> i) & 1;
        int was = (kbd->old_report[0] >> i) & 1;
        if (down != was) {
            input_report_key(kbd->input, i, down);
            changed++;
        }
    }
    for (i = 0; i < REPORT_LEN; i++) {
        kbd->old_report[i] = kbd->new_report[i];
    }
    kbd->reports++;
    if (changed > 2) {
        kbd->leds = (kbd->leds + 1) & 7;
        kbd->ctl_buf[0] = (unsigned char)kbd->leds;
    }
    usb_submit_urb(urb);
}

void usb_kbd_set_name(struct usb_kbd *kbd)
{
    int i;
    int id = kbd->intf->product_id;
    const char *prefix = "kbd-";
    for (i = 0; i < 4; i++) {
        kbd->input->name[i] = prefix[i];
    }
    for (i = 4; i < NAME_LEN - 1; i++) {
        kbd->input->name[i] = (char)('0' + (id & 7));
        id = id >> 3;
    }
    kbd->input->name[NAME_LEN - 1] = 0;
}

int usb_kbd_alloc_mem(struct usb_kbd *kbd)
{
    kbd->irq = usb_alloc_urb(0);
    if (kbd->irq == 0) {
        return -1;
    }
    kbd->ctl = usb_alloc_urb(0);
    if (kbd->ctl == 0) {
        return -1;
    }
    kbd->new_report = kzalloc(REPORT_LEN);
    if (kbd->new_report == 0) {
        return -1;
    }
    kbd->ctl_buf = kzalloc(1);
    if (kbd->ctl_buf == 0) {
        return -1;
    }
    return 0;
}

void usb_kbd_free_mem(struct usb_kbd *kbd)
{
    usb_free_urb(kbd->irq);
    usb_free_urb(kbd->ctl);
    kfree(kbd->new_report);
    kfree(kbd->ctl_buf);
}

int usb_kbd_probe(struct usb_interface *iface)
{
    struct usb_kbd *kbd;
    struct input_dev *input_dev;
    struct usb_endpoint *endpoint;
    int error = -ENOMEM;
    if (iface->num_endpoints != 1) {
        return -ENODEV;
    }
    endpoint = &iface->endpoint[0];
    if (!endpoint->is_int_in) {
        return -ENODEV;
    }
    kbd = kzalloc(sizeof(struct usb_kbd));
    input_dev = kzalloc(sizeof(struct input_dev));
    if (kbd == 0 || input_dev == 0) {
        goto fail1;
    }
    kbd->irq = 0;
    kbd->ctl = 0;
    kbd->new_report = 0;
    kbd->ctl_buf = 0;
    if (usb_kbd_alloc_mem(kbd)) {
        goto fail1;
    }
    kbd->intf = iface;
    kbd->input = input_dev;
    usb_kbd_set_name(kbd);
    kbd->irq->transfer_buffer = kbd->new_report;
    kbd->irq->transfer_buffer_length = endpoint->max_packet > REPORT_LEN ? REPORT_LEN : endpoint->max_packet;
    kbd->irq->context = kbd;
    kbd->ctl->transfer_buffer = kbd->ctl_buf;
    kbd->ctl->transfer_buffer_length = 1;
    kbd->ctl->context = kbd;
    error = input_register_device(kbd->input);
    if (error) {
        goto fail2;
    }
    iface->drvdata = kbd;
    return 0;
fail2:
    usb_kbd_free_mem(kbd);
fail1:
    kfree(input_dev);
    kfree(kbd);
    return error;
}

int usb_kbd_open(struct usb_kbd *kbd)
{
    if (kbd->open_count++ > 0) {
        return 0;
    }
    if (usb_submit_urb(kbd->irq)) {
        kbd->open_count--;
        return -EIO;
    }
    return 0;
}

void usb_kbd_close(struct usb_kbd *kbd)
{
    if (--kbd->open_count == 0) {
        usb_kill_urb(kbd->irq);
    }
}

void usb_kbd_disconnect(struct usb_interface *iface)
{
    struct usb_kbd *kbd = iface->drvdata;
    iface->drvdata = 0;
    if (kbd != 0) {
        usb_kill_urb(kbd->irq);
        input_unregister_device(kbd->input);
        usb_kbd_free_mem(kbd);
        kfree(kbd->input);
        kfree(kbd);
    }
}

/* The LDV environment model: probe; if it succeeds, open, some interrupts, close; disconnect. */
int main(void)
{
    struct usb_interface iface;
    struct usb_kbd *kbd;
    int i;
    int k;
    iface.num_endpoints = 1 + (__VERIFIER_nondet_int() != 0);
    for (i = 0; i < 3; i++) {
        iface.endpoint[i].address = 0x81 + i;
        iface.endpoint[i].is_int_in = i == 0;
        iface.endpoint[i].max_packet = 8;
        iface.endpoint[i].interval = 10;
    }
    iface.drvdata = 0;
    iface.product_id = __VERIFIER_nondet_int();
    iface.vendor_id = 0x046d;
    if (usb_kbd_probe(&iface) == 0) {
        kbd = iface.drvdata;
        if (usb_kbd_open(kbd) == 0) {
            for (k = 0; k < 2; k++) {
                kbd->irq->status = __VERIFIER_nondet_int();
                kbd->irq->actual_length = __VERIFIER_nondet_uint();
                for (i = 0; i < REPORT_LEN; i++) {
                    kbd->new_report[i] = (unsigned char)__VERIFIER_nondet_int();
                }
                usb_kbd_irq(kbd->irq);
            }
            usb_kbd_close(kbd);
        }
        usb_kbd_disconnect(&iface);
    }
    __VERIFIER_assert(ldv_urb_count == 0);
    return 0;
}
