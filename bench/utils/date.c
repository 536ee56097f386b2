/* date: parses a date "YYYY-MM-DD" or "DD Mon YYYY" given as arguments and prints the day of
   the year. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
static const char *names[12] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};

static int leap(long y) { return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0; }

int main(int argc, char **argv) {
    long y, m = 0, d;
    if (argc == 2) {
        char *end;
        y = strtol(argv[1], &end, 10);
        if (*end != '-') { fprintf(stderr, "date: expected YYYY-MM-DD\n"); return 1; }
        /* PLANTED BUG (unchecked strtol): the month is not range-checked, so 00 or 13 and more
           index `days` out of bounds below. */
        m = strtol(end + 1, &end, 10);
        if (*end != '-') { fprintf(stderr, "date: expected YYYY-MM-DD\n"); return 1; }
        d = strtol(end + 1, &end, 10);
        if (*end) { fprintf(stderr, "date: trailing characters\n"); return 1; }
    } else if (argc == 4) {
        d = strtol(argv[1], NULL, 10);
        for (int i = 0; i < 12; i++)
            if (strcmp(argv[2], names[i]) == 0) m = i + 1;
        if (m == 0) { fprintf(stderr, "date: unknown month %s\n", argv[2]); return 1; }
        if (!isdigit((unsigned char)argv[3][0])) { fprintf(stderr, "date: bad year\n"); return 1; }
        y = strtol(argv[3], NULL, 10);
    } else {
        fprintf(stderr, "usage: date YYYY-MM-DD | date DD Mon YYYY\n");
        return 1;
    }
    int dim = days[m - 1] + (m == 2 && leap(y));
    if (d < 1 || d > dim) { fprintf(stderr, "date: day out of range\n"); return 1; }
    long yday = d;
    for (long i = 1; i < m; i++) yday += days[i - 1] + (i == 2 && leap(y));
    printf("%ld\n", yday);
    return 0;
}
