// kappa-expect: verdict=false
// TLV record parser (type, length, value; a nested container type; records iterated through a cursor struct) over 8 nondet bytes. PLANTED BUG: the length check of a record allows one byte past the end of its container
// witness: 0207000000000000
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "tlv_parser.c", 5, "reach_error"); }
extern unsigned char __VERIFIER_nondet_uchar(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

#define T_END 0x00
#define T_PAD 0x01
#define T_CONTAINER 0x20
#define MAX_NEST 2

struct tlv {
    unsigned char type;
    unsigned char len;
    int value; /* offset of the value in the message */
};

/* A cursor over the records of [pos, end) of a message. */
struct tlv_cursor {
    const unsigned char *msg;
    int end;
    int pos;
};

enum { TLV_OK = 1, TLV_DONE = 0, TLV_ERR = -1 };

static int tlv_next(struct tlv_cursor *c, struct tlv *t) {
    if (c->pos >= c->end) {
        return TLV_DONE;
    }
    t->type = c->msg[c->pos];
    if (t->type == T_END) {
        return TLV_DONE;
    }
    if (t->type == T_PAD) { /* a one-byte record without a length */
        c->pos++;
        t->len = 0;
        t->value = c->pos;
        return TLV_OK;
    }
    if (c->pos + 1 >= c->end) {
        return TLV_ERR;
    }
    t->len = c->msg[c->pos + 1];
    if (c->pos + 2 + t->len > c->end + 1) { /* BUG: should be > c->end */
        return TLV_ERR;
    }
    t->value = c->pos + 2;
    c->pos += 2 + t->len;
    return TLV_OK;
}

struct tlv_stats {
    int records, containers, sum;
};

static int tlv_walk(const unsigned char *msg, int start, int end, int depth, struct tlv_stats *st, int msg_len) {
    struct tlv_cursor c = {msg, end, start};
    struct tlv t;
    int rc;
    while ((rc = tlv_next(&c, &t)) == TLV_OK) {
        st->records++;
        if (t.len > 0) {
            /* the value must lie inside the input */
            __VERIFIER_assert(t.value + t.len <= msg_len);
        }
        if (t.type == T_CONTAINER) {
            if (depth >= MAX_NEST) {
                return TLV_ERR;
            }
            st->containers++;
            if (tlv_walk(msg, t.value, t.value + t.len, depth + 1, st, msg_len) == TLV_ERR) {
                return TLV_ERR;
            }
        } else {
            for (int i = 0; i < t.len; i++) {
                st->sum += msg[t.value + i];
            }
        }
    }
    return rc;
}

#define N 8
int main(void) {
    unsigned char buf[N];
    struct tlv_stats st = {0, 0, 0};
    for (int i = 0; i < N; i++) {
        buf[i] = __VERIFIER_nondet_uchar();
    }
    tlv_walk(buf, 0, N, 0, &st, N);
    return 0;
}
