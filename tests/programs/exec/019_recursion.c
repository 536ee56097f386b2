#include <stdio.h>

/* Classic recursive functions. */

static unsigned long long factorial(unsigned int n)
{
    return n <= 1 ? 1 : n * factorial(n - 1);
}

static int fib(int n)
{
    if (n < 2)
        return n;
    return fib(n - 1) + fib(n - 2);
}

static int ackermann(int m, int n)
{
    if (m == 0)
        return n + 1;
    if (n == 0)
        return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}

static long hanoi(int n, int from, int to, int via, int print)
{
    long moves;
    if (n == 0)
        return 0;
    moves = hanoi(n - 1, from, via, to, print);
    if (print)
        printf("move disk %d: %d -> %d\n", n, from, to);
    moves += 1 + hanoi(n - 1, via, to, from, print);
    return moves;
}

static int gcd(int a, int b)
{
    return b == 0 ? a : gcd(b, a % b);
}

static void print_binary(unsigned int v)
{
    if (v > 1)
        print_binary(v >> 1);
    putchar('0' + (v & 1));
}

static int count_partitions(int n, int max)
{
    if (n == 0)
        return 1;
    if (n < 0 || max == 0)
        return 0;
    return count_partitions(n - max, max) + count_partitions(n, max - 1);
}

static int sum_digits_rec(unsigned long long v)
{
    return v == 0 ? 0 : (int)(v % 10) + sum_digits_rec(v / 10);
}

int main(void)
{
    unsigned int i;
    int m, n;

    for (i = 0; i <= 20; i += 4)
        printf("%u! = %llu (digit sum %d)\n", i, factorial(i), sum_digits_rec(factorial(i)));
    printf("21! wraps = %llu\n", factorial(21));
    for (n = 0; n <= 24; n += 6)
        printf("fib(%d)=%d\n", n, fib(n));
    for (m = 0; m <= 3; m++)
        for (n = 0; n <= 3; n++)
            printf("A(%d,%d)=%d%c", m, n, ackermann(m, n), n == 3 ? '\n' : ' ');
    printf("hanoi(3) moves=%ld\n", hanoi(3, 1, 3, 2, 1));
    printf("hanoi(16) moves=%ld\n", hanoi(16, 1, 3, 2, 0));
    printf("gcd(1071,462)=%d gcd(17,5)=%d\n", gcd(1071, 462), gcd(17, 5));
    print_binary(2024);
    putchar(' ');
    print_binary(1);
    putchar(' ');
    print_binary(0xF0F0u);
    putchar('\n');
    printf("partitions(10)=%d partitions(20)=%d\n", count_partitions(10, 10), count_partitions(20, 20));
    return ackermann(2, 3) + fib(10);
}
