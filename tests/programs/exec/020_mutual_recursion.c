#include <stdio.h>

/* Mutual recursion: parity, Hofstadter's female/male sequences and a
   recursive-descent expression evaluator. */

static int is_odd(unsigned int n);

static int is_even(unsigned int n)
{
    return n == 0 ? 1 : is_odd(n - 1);
}

static int is_odd(unsigned int n)
{
    return n == 0 ? 0 : is_even(n - 1);
}

static int hof_m(int n);

static int hof_f(int n)
{
    return n == 0 ? 1 : n - hof_m(hof_f(n - 1));
}

static int hof_m(int n)
{
    return n == 0 ? 0 : n - hof_f(hof_m(n - 1));
}

/* expr := term (('+'|'-') term)*
   term := factor (('*'|'/'|'%') factor)*
   factor := number | '-' factor | '(' expr ')' */
static const char *cur;
static int parse_errors;

static long expr(void);

static void skip_spaces(void)
{
    while (*cur == ' ')
        cur++;
}

static long factor(void)
{
    long v = 0;
    skip_spaces();
    if (*cur == '-') {
        cur++;
        return -factor();
    }
    if (*cur == '(') {
        cur++;
        v = expr();
        skip_spaces();
        if (*cur == ')')
            cur++;
        else
            parse_errors++;
        return v;
    }
    if (*cur < '0' || *cur > '9') {
        parse_errors++;
        return 0;
    }
    while (*cur >= '0' && *cur <= '9')
        v = v * 10 + (*cur++ - '0');
    return v;
}

static long term(void)
{
    long v = factor();
    for (;;) {
        char op;
        long rhs;
        skip_spaces();
        op = *cur;
        if (op != '*' && op != '/' && op != '%')
            return v;
        cur++;
        rhs = factor();
        if (rhs == 0) {
            parse_errors++;
            continue;
        }
        if (op == '*')
            v *= rhs;
        else if (op == '/')
            v /= rhs;
        else
            v %= rhs;
    }
}

static long expr(void)
{
    long v = term();
    for (;;) {
        skip_spaces();
        if (*cur == '+') {
            cur++;
            v += term();
        } else if (*cur == '-') {
            cur++;
            v -= term();
        } else {
            return v;
        }
    }
}

static long evaluate(const char *s)
{
    cur = s;
    parse_errors = 0;
    return expr();
}

int main(void)
{
    const char *tests[] = {
        "1 + 2 * 3",
        "(1 + 2) * 3",
        "2 * (3 + 4) - 5",
        "-7 / 2",
        "-7 % 3 + 100",
        "((((42))))",
        "10 - 3 - 2",
        "2 * -3 * -(4 - 9)",
        "1000 * 1000 * 2",
        "5 / 0 + 1",
        "(1 + 2",
    };
    int i;
    long total = 0;
    unsigned int n;

    for (n = 0; n < 10; n++)
        printf("%u: even=%d odd=%d\n", n * 97, is_even(n * 97), is_odd(n * 97));
    printf("F:");
    for (i = 0; i < 15; i++)
        printf(" %d", hof_f(i));
    printf("\nM:");
    for (i = 0; i < 15; i++)
        printf(" %d", hof_m(i));
    putchar('\n');
    for (i = 0; i < (int)(sizeof tests / sizeof tests[0]); i++) {
        long v = evaluate(tests[i]);
        printf("%-20s = %ld (errors %d)\n", tests[i], v, parse_errors);
        total += v;
    }
    printf("total=%ld\n", total);
    return (int)((total % 200 + 200) % 200);
}
