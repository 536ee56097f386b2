#include <stdio.h>

/* Global initialisers: partial lists (rest zero), designated
   initialisers, nested structs, brace elision, pointers to globals,
   and zero-initialised globals. */

struct inner { int x, y; };
struct outer { char name[6]; struct inner in; int vals[3]; unsigned char flag; };

int partial[10] = {1, 2, 3};
int designated[8] = {[5] = 7, [1] = -1, 9, [7] = 70};
int elided[2][3] = {1, 2, 3, 4};
int braced[3][2] = {{1}, {2, 3}};
struct outer objs[3] = {
    {"one", {1, 2}, {10, 20, 30}, 1},
    {.in.y = 5, .name = "two", .vals[1] = 99},
    [2] = {.flag = 200}
};
struct inner pts[] = {{1, 1}, {2, 4}, {3, 9}, [5] = {6, 36}};
char message[16] = "hi";
char letters[] = {'k', 'a', 'p', 'p', 'a'};
const char *title = "globals";
int counter;
static long long big_zero[4];
int *middle = &partial[2];
enum { SIZE = 4 };
unsigned short table[SIZE * 2] = {[SIZE] = SIZE, [SIZE + 1] = sizeof(int)};
struct outer single = {.vals = {[2] = -3}};
short negs[] = {-1, -2, -32768};

int main(void)
{
    int i, j, sum = 0;

    printf("%s\n", title);
    for (i = 0; i < 10; i++)
        printf("%d ", partial[i]);
    putchar('\n');
    for (i = 0; i < 8; i++)
        printf("%d ", designated[i]);
    putchar('\n');
    for (i = 0; i < 2; i++)
        for (j = 0; j < 3; j++)
            printf("elided[%d][%d]=%d\n", i, j, elided[i][j]);
    for (i = 0; i < 3; i++)
        printf("braced[%d] = %d %d\n", i, braced[i][0], braced[i][1]);
    for (i = 0; i < 3; i++)
        printf("objs[%d]: name=\"%s\" in=(%d,%d) vals=%d,%d,%d flag=%u\n", i,
               objs[i].name, objs[i].in.x, objs[i].in.y,
               objs[i].vals[0], objs[i].vals[1], objs[i].vals[2], objs[i].flag);
    printf("pts has %d entries:", (int)(sizeof pts / sizeof pts[0]));
    for (i = 0; i < (int)(sizeof pts / sizeof pts[0]); i++)
        printf(" (%d,%d)", pts[i].x, pts[i].y);
    putchar('\n');
    printf("message=\"%s\" message[10]=%d sizeof letters=%d letters[4]=%c\n",
           message, message[10], (int)sizeof letters, letters[4]);
    printf("counter=%d big_zero[3]=%lld *middle=%d middle[1]=%d\n",
           counter, big_zero[3], *middle, middle[1]);
    for (i = 0; i < SIZE * 2; i++)
        printf("%u ", table[i]);
    putchar('\n');
    printf("single: name[0]=%d vals=%d,%d,%d\n", single.name[0], single.vals[0], single.vals[1], single.vals[2]);
    printf("negs: %d %d %d\n", negs[0], negs[1], negs[2]);

    counter += 5;
    *middle = 30;
    for (i = 0; i < 10; i++)
        sum += partial[i];
    for (i = 0; i < 8; i++)
        sum += designated[i];
    sum += objs[1].vals[1] + objs[2].flag + counter;
    printf("sum=%d\n", sum);
    return sum % 256;
}
