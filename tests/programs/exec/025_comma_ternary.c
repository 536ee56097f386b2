#include <stdio.h>

/* The comma operator and the conditional operator, including the
   type of a conditional with mixed operand types. */

static int sign(int x)
{
    return x > 0 ? 1 : x < 0 ? -1 : 0;
}

static int max3(int a, int b, int c)
{
    return a > b ? (a > c ? a : c) : (b > c ? b : c);
}

static int calls;

static int tick(int v)
{
    calls++;
    return v;
}

static int is_palindrome(const char *s, int n)
{
    int i, j;
    for (i = 0, j = n - 1; i < j; i++, j--)
        if (s[i] != s[j])
            return 0;
    return 1;
}

int main(void)
{
    int i, j, x, y = 0;
    int a = 3, b = 9;
    int vals[] = {-5, 0, 12, 7, -3};
    long long acc;
    unsigned u = 1;
    int neg = -1;

    x = (y += 2, y * 10);
    printf("x=%d y=%d\n", x, y);
    for (i = 0, j = 10; i < j; i += 3, j -= 2)
        printf("i=%d j=%d; ", i, j);
    putchar('\n');
    for (i = 0; i < 5; i++)
        printf("sign(%d)=%d ", vals[i], sign(vals[i]));
    putchar('\n');
    printf("max3=%d %d %d\n", max3(1, 2, 3), max3(3, 2, 1), max3(2, 3, 1));

    /* only one of the branches is evaluated */
    calls = 0;
    x = a < b ? tick(a) : tick(b);
    printf("x=%d calls=%d\n", x, calls);
    /* && and || short circuit too */
    calls = 0;
    x = (tick(0) && tick(1)) + (tick(1) || tick(0));
    printf("x=%d calls=%d\n", x, calls);

    /* conditional as an lvalue through pointers */
    *(a > b ? &a : &b) = 100;
    printf("a=%d b=%d\n", a, b);

    /* mixed types: the result has the common type */
    printf("(1 ? neg : u) = %u\n", 1 ? (unsigned)neg : u);
    printf("(neg < 0 ? neg : u) > 0: %d\n", (neg < 0 ? neg : u) > 0);
    acc = 1 ? (long long)neg : 0u;
    printf("acc=%lld\n", acc);
    printf("sizeof(1 ? (char)1 : (short)2)=%d\n", (int)sizeof(1 ? (char)1 : (short)2));

    /* comma in a while condition */
    i = 0;
    j = 0;
    while (j += i, i++ < 5)
        ;
    printf("j=%d i=%d\n", j, i);
    printf("palindromes: %d %d %d\n", is_palindrome("racecar", 7),
           is_palindrome("kappa", 5), is_palindrome("abba", 4));
    return (a + b + j) % 256;
}
