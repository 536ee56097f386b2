#include <stdio.h>
#include <stdlib.h>

/* Chains of typedefs over scalars, pointers, arrays, structs and
   enums. */

typedef int i32;
typedef i32 count_t;
typedef count_t total_t;
typedef unsigned char byte;
typedef byte *byteptr;
typedef const byte *cbyteptr;
typedef int vec3[3];
typedef vec3 mat3[3];
typedef struct item item_t;
typedef item_t *item_list;
typedef enum { SMALL, LARGE } size_class;
typedef long long i64;
typedef unsigned long long u64;
typedef u64 hash_t;

struct item {
    count_t qty;
    byte code[4];
    size_class cls;
    item_list next;
};

static hash_t hash_bytes(cbyteptr p, count_t n)
{
    hash_t h = 5381;
    count_t i;
    for (i = 0; i < n; i++)
        h = h * 33 + p[i];
    return h;
}

static total_t dot(const vec3 a, const vec3 b)
{
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

static void mat_vec(mat3 m, const vec3 v, vec3 out)
{
    int i;
    for (i = 0; i < 3; i++)
        out[i] = dot(m[i], v);
}

int main(void)
{
    mat3 m = {{2, 0, 1}, {-1, 3, 0}, {0, 4, -2}};
    vec3 v = {5, -6, 7}, out;
    item_t items[3];
    item_list head = NULL, it;
    byte raw[8] = {1, 2, 3, 250, 251, 252, 0, 9};
    byteptr bp = raw;
    i64 big = -1;
    total_t sum = 0;
    int i;

    mat_vec(m, v, out);
    printf("m*v = (%d, %d, %d)\n", out[0], out[1], out[2]);
    printf("sizeof(vec3)=%d sizeof(mat3)=%d sizeof(item_t)>=%d\n",
           (int)sizeof(vec3), (int)sizeof(mat3), (int)(sizeof(count_t) + 4));
    for (i = 0; i < 3; i++) {
        int k;
        items[i].qty = (i + 1) * 7;
        for (k = 0; k < 4; k++)
            items[i].code[k] = (byte)('A' + i + k);
        items[i].cls = items[i].qty > 10 ? LARGE : SMALL;
        items[i].next = head;
        head = &items[i];
    }
    for (it = head; it != NULL; it = it->next) {
        printf("qty=%d code=%c%c%c%c cls=%d hash=%llu\n", it->qty, it->code[0], it->code[1],
               it->code[2], it->code[3], it->cls, hash_bytes(it->code, 4));
        sum += it->qty;
    }
    bp += 3;
    *bp += 10; /* 250 + 10 wraps to 4 */
    printf("raw[3]=%u hash(raw)=%llu\n", raw[3], hash_bytes(raw, 8));
    printf("big as u64=%llu\n", (u64)big);
    printf("sum=%d\n", sum);
    return sum;
}
