#include <stdio.h>

/* Unions: a tagged variant type, punning between same-size integer
   members, and structs sharing a common initial sequence. */

enum kind { K_INT, K_UINT, K_LL, K_SHORT };

struct value {
    enum kind kind;
    union {
        int i;
        unsigned int u;
        long long ll;
        unsigned long long ull;
        short s;
        unsigned short us;
    } as;
};

struct msg_hdr { int type; int len; };
struct msg_ping { int type; int len; int seq; };
struct msg_data { int type; int len; char payload[8]; };
union message {
    struct msg_hdr hdr;
    struct msg_ping ping;
    struct msg_data data;
};

static long long as_ll(struct value v)
{
    switch (v.kind) {
    case K_INT: return v.as.i;
    case K_UINT: return v.as.u;
    case K_LL: return v.as.ll;
    case K_SHORT: return v.as.s;
    }
    return 0;
}

static int describe(const union message *m)
{
    switch (m->hdr.type) {
    case 1:
        printf("ping seq=%d len=%d\n", m->ping.seq, m->hdr.len);
        return m->ping.seq;
    case 2: {
        int i, sum = 0;
        printf("data len=%d payload=", m->hdr.len);
        for (i = 0; i < m->data.len; i++) {
            putchar(m->data.payload[i]);
            sum += m->data.payload[i];
        }
        putchar('\n');
        return sum;
    }
    default:
        printf("unknown type %d\n", m->hdr.type);
        return -1;
    }
}

int main(void)
{
    struct value vals[4];
    union { int i; unsigned int u; } pun;
    union { long long s; unsigned long long u; } pun64;
    union { short s; unsigned short u; } pun16;
    union { int a[4]; unsigned int b[4]; } arrpun;
    union message msgs[3];
    int i, acc = 0;

    vals[0].kind = K_INT;   vals[0].as.i = -42;
    vals[1].kind = K_UINT;  vals[1].as.u = 4000000000u;
    vals[2].kind = K_LL;    vals[2].as.ll = -5000000000LL;
    vals[3].kind = K_SHORT; vals[3].as.s = -300;
    for (i = 0; i < 4; i++)
        printf("vals[%d] kind=%d as_ll=%lld\n", i, (int)vals[i].kind, as_ll(vals[i]));

    pun.i = -1;
    printf("pun: i=%d u=%u\n", pun.i, pun.u);
    pun.u = 0x80000000u;
    printf("pun: i=%d u=%u\n", pun.i, pun.u);
    pun64.s = -2;
    printf("pun64: s=%lld u=%llu\n", pun64.s, pun64.u);
    pun16.u = 40000;
    printf("pun16: s=%d u=%u\n", pun16.s, pun16.u);
    for (i = 0; i < 4; i++)
        arrpun.a[i] = (i - 2) * 1000;
    for (i = 0; i < 4; i++)
        printf("arrpun[%d]: a=%d b=%u\n", i, arrpun.a[i], arrpun.b[i]);

    msgs[0].ping.type = 1; msgs[0].ping.len = 4; msgs[0].ping.seq = 77;
    msgs[1].data.type = 2; msgs[1].data.len = 5;
    msgs[1].data.payload[0] = 'k'; msgs[1].data.payload[1] = 'a';
    msgs[1].data.payload[2] = 'p'; msgs[1].data.payload[3] = 'p';
    msgs[1].data.payload[4] = 'a';
    for (i = 5; i < 8; i++)
        msgs[1].data.payload[i] = '\0';
    msgs[2].hdr.type = 9; msgs[2].hdr.len = 0;
    for (i = 0; i < 3; i++)
        acc += describe(&msgs[i]);
    {
        union message copy = msgs[1];
        copy.data.payload[0] = 'K';
        acc += describe(&copy);
        acc -= describe(&msgs[1]);
    }
    printf("sizeof(union message)=%zu acc=%d\n", sizeof(union message), acc);
    return acc % 256;
}
