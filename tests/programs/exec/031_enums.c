#include <stdio.h>

/* Enumerations with explicit, negative and implicit values; enums as
   array indices and bit flags. */

enum color { RED = 1, GREEN, BLUE = 10, CYAN, MAGENTA = -3, YELLOW, BLACK = 0 };
enum perm { P_READ = 1 << 2, P_WRITE = 1 << 1, P_EXEC = 1 << 0, P_ALL = P_READ | P_WRITE | P_EXEC };
enum weekday { MON, TUE, WED, THU, FRI, SAT, SUN, NDAYS };
typedef enum { OK = 0, E_RANGE = 34, E_INVAL = 22 } status_t;

static const char *day_names[NDAYS] = {
    [MON] = "Mon", [TUE] = "Tue", [WED] = "Wed", [THU] = "Thu",
    [FRI] = "Fri", [SAT] = "Sat", [SUN] = "Sun"
};

static int is_weekend(enum weekday d)
{
    switch (d) {
    case SAT:
    case SUN:
        return 1;
    default:
        return 0;
    }
}

static status_t check(int v)
{
    if (v < 0)
        return E_INVAL;
    if (v > 100)
        return E_RANGE;
    return OK;
}

static void show_perm(int p)
{
    printf("%c%c%c", (p & P_READ) ? 'r' : '-', (p & P_WRITE) ? 'w' : '-', (p & P_EXEC) ? 'x' : '-');
}

int main(void)
{
    enum color c;
    enum weekday d;
    int perms[] = {0, P_READ, P_READ | P_EXEC, P_ALL, P_WRITE};
    int i, weekend = 0;
    int counts[NDAYS] = {0};
    int tests[] = {-5, 50, 101};

    printf("RED=%d GREEN=%d BLUE=%d CYAN=%d MAGENTA=%d YELLOW=%d BLACK=%d\n",
           RED, GREEN, BLUE, CYAN, MAGENTA, YELLOW, BLACK);
    printf("P_ALL=%d sizeof(enum color)=%d sizeof(P_ALL)=%d\n",
           P_ALL, (int)sizeof(enum color), (int)sizeof(P_ALL));
    for (d = MON; d < NDAYS; d++) {
        printf("%s%s ", day_names[d], is_weekend(d) ? "*" : "");
        weekend += is_weekend(d);
    }
    putchar('\n');
    for (i = 0; i < 30; i++)
        counts[(i * 3 + 1) % NDAYS]++;
    for (d = MON; d <= SUN; d++)
        printf("%s=%d ", day_names[d], counts[d]);
    putchar('\n');
    for (i = 0; i < 5; i++) {
        show_perm(perms[i]);
        putchar(' ');
    }
    putchar('\n');
    for (i = 0; i < 3; i++)
        printf("check(%d)=%d\n", tests[i], check(tests[i]));
    c = YELLOW;
    c = (enum color)(c + 3);
    printf("YELLOW+3=%d == GREEN+? %d\n", c, c == GREEN);
    printf("MAGENTA < BLACK: %d, (unsigned)MAGENTA > BLACK: %d\n",
           MAGENTA < BLACK, (unsigned)MAGENTA > BLACK);
    return weekend + CYAN + (int)check(1000);
}
