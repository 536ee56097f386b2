#include <stdio.h>
#include <stddef.h>

/* sizeof of every basic type, of arrays, structs, unions and
   expressions. Output differs between ILP32 and LP64. */

struct pair { char c; int i; };
struct triple { char a; short s; char b; };
struct with_ptr { char tag; void *p; };
struct with_long { char tag; long l; };
struct with_arr { int n; char name[10]; };
union u1 { char c; int i; short s[3]; };
enum color { RED, GREEN, BLUE };

static int sum_array(const int *a, size_t n)
{
    int s = 0;
    size_t i;
    for (i = 0; i < n; i++)
        s += a[i];
    return s;
}

int main(void)
{
    int arr[17];
    char str[] = "kappa";
    int matrix[3][5];
    struct pair pairs[4];
    long larr[3] = {1, 2, 3};
    int x = 5;
    size_t total;
    int i;

    printf("char=%zu short=%zu int=%zu long=%zu llong=%zu\n",
           sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long));
    printf("uchar=%zu ushort=%zu uint=%zu ulong=%zu ullong=%zu\n",
           sizeof(unsigned char), sizeof(unsigned short), sizeof(unsigned int),
           sizeof(unsigned long), sizeof(unsigned long long));
    printf("bool=%zu enum=%zu void*=%zu int*=%zu char**=%zu size_t=%zu ptrdiff_t=%zu\n",
           sizeof(_Bool), sizeof(enum color), sizeof(void *), sizeof(int *),
           sizeof(char **), sizeof(size_t), sizeof(ptrdiff_t));
    printf("arr=%zu elems=%zu str=%zu literal=%zu matrix=%zu row=%zu\n",
           sizeof arr, sizeof arr / sizeof arr[0], sizeof str, sizeof "hello world",
           sizeof matrix, sizeof matrix[0]);
    printf("pair=%zu triple=%zu with_ptr=%zu with_long=%zu with_arr=%zu u1=%zu pairs=%zu\n",
           sizeof(struct pair), sizeof(struct triple), sizeof(struct with_ptr),
           sizeof(struct with_long), sizeof(struct with_arr), sizeof(union u1),
           sizeof pairs);
    printf("larr=%zu\n", sizeof larr);
    /* sizeof of expressions: the operand is not evaluated */
    printf("sizeof(x++)=%zu x=%d\n", sizeof(x++), x);
    printf("sizeof('a')=%zu sizeof((char)'a')=%zu\n", sizeof('a'), sizeof((char)'a'));
    printf("sizeof(1+1L)=%zu sizeof(1u+1LL)=%zu sizeof(RED)=%zu\n",
           sizeof(1 + 1L), sizeof(1u + 1LL), sizeof(RED));
    printf("sizeof(str+0)=%zu sizeof(*str)=%zu sizeof(&arr)=%zu sizeof(*&arr)=%zu\n",
           sizeof(str + 0), sizeof(*str), sizeof(&arr), sizeof(*&arr));
    printf("sizeof(x ? 'a' : 'b')=%zu sizeof((short)1 + (short)1)=%zu\n",
           sizeof(x ? 'a' : 'b'), sizeof((short)1 + (short)1));
    printf("sizeof(sizeof(int))=%zu sizeof(matrix[1][2])=%zu\n",
           sizeof(sizeof(int)), sizeof(matrix[1][2]));

    for (i = 0; i < 17; i++)
        arr[i] = i * i;
    printf("sum=%d\n", sum_array(arr, sizeof arr / sizeof *arr));

    total = sizeof(long) + sizeof(void *) + sizeof(struct with_ptr) + sizeof(struct with_long);
    printf("total=%zu\n", total);
    return (int)total;
}
