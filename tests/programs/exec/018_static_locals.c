#include <stdio.h>

/* Static locals keep their value between calls, are initialised once
   (to zero when no initialiser is given) and are shared by recursive
   activations. */

static int next_id(void)
{
    static int id = 100;
    return id++;
}

static int calls(void)
{
    static int n;
    return ++n;
}

static long long fib_memo(int n)
{
    static long long memo[91];
    static int hits;
    if (n < 0)
        return hits;
    if (n < 2)
        return n;
    if (memo[n] != 0) {
        hits++;
        return memo[n];
    }
    memo[n] = fib_memo(n - 1) + fib_memo(n - 2);
    return memo[n];
}

static int depth_tracker(int n)
{
    static int depth, max_depth;
    int r;
    depth++;
    if (depth > max_depth)
        max_depth = depth;
    r = (n <= 1) ? max_depth : depth_tracker(n - 1);
    depth--;
    return r;
}

static const char *ordinal(int k)
{
    static char buf[16];
    const char *suf = "th";
    int i = 0, v = k;
    char tmp[12];
    int t = 0;
    if (k % 100 < 11 || k % 100 > 13) {
        if (k % 10 == 1) suf = "st";
        else if (k % 10 == 2) suf = "nd";
        else if (k % 10 == 3) suf = "rd";
    }
    do {
        tmp[t++] = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    while (t)
        buf[i++] = tmp[--t];
    buf[i++] = suf[0];
    buf[i++] = suf[1];
    buf[i] = '\0';
    return buf;
}

int main(void)
{
    int i, last = 0;

    for (i = 0; i < 3; i++)
        printf("id=%d\n", next_id());
    for (i = 0; i < 4; i++)
        last = calls();
    printf("calls=%d\n", last);
    printf("fib(90)=%lld\n", fib_memo(90));
    printf("fib(50)=%lld\n", fib_memo(50));
    printf("memo hits=%lld\n", fib_memo(-1));
    printf("depth(5)=%d ", depth_tracker(5));
    printf("depth(3)=%d ", depth_tracker(3));
    printf("depth(8)=%d\n", depth_tracker(8));
    for (i = 1; i <= 24; i += 1)
        printf("%s ", ordinal(i));
    printf("%s ", ordinal(111));
    printf("%s\n", ordinal(1002));
    return next_id() - 100 + calls();
}
