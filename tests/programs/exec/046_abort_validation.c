#include <stdio.h>
#include <stdlib.h>

/* Validates a batch of records and calls abort() when it meets a
   corrupt one. Expected exit status: 134 (SIGABRT). */

struct record {
    unsigned short id;
    unsigned char len;
    unsigned char sum; /* sum of payload bytes modulo 256 */
    unsigned char payload[6];
};

static unsigned char payload_sum(const struct record *r)
{
    unsigned char s = 0;
    int i;
    for (i = 0; i < r->len; i++)
        s = (unsigned char)(s + r->payload[i]);
    return s;
}

static void validate(const struct record *r)
{
    if (r->len > 6) {
        printf("record %u: bad length %u\n", r->id, r->len);
        abort();
    }
    if (payload_sum(r) != r->sum) {
        printf("record %u: checksum mismatch (stored %u, computed %u)\n", r->id, r->sum, payload_sum(r));
        abort();
    }
    printf("record %u ok (%u bytes)\n", r->id, r->len);
}

int main(void)
{
    struct record recs[4] = {
        {1, 3, 60, {10, 20, 30}},
        {2, 6, 254, {200, 100, 50, 25, 5, 130}},
        {3, 2, 8, {250, 13}},
        {4, 1, 1, {1}},
    };
    int i;
    for (i = 0; i < 4; i++)
        validate(&recs[i]);
    puts("all records valid");
    return 0;
}
