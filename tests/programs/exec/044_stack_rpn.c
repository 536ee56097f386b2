#include <stdio.h>

/* A fixed-capacity stack used for evaluating reverse Polish notation
   and for checking bracket balance. */

#define STACK_MAX 32

struct stack {
    long items[STACK_MAX];
    int top;
};

static int push(struct stack *s, long v)
{
    if (s->top == STACK_MAX)
        return 0;
    s->items[s->top++] = v;
    return 1;
}

static int pop(struct stack *s, long *v)
{
    if (s->top == 0)
        return 0;
    *v = s->items[--s->top];
    return 1;
}

/* returns 0 on success and stores the result */
static int rpn(const char *expr, long *result)
{
    struct stack st;
    st.top = 0;
    while (*expr) {
        char c = *expr;
        if (c == ' ') {
            expr++;
        } else if (c >= '0' && c <= '9') {
            long v = 0;
            while (*expr >= '0' && *expr <= '9')
                v = v * 10 + (*expr++ - '0');
            if (!push(&st, v))
                return 1;
        } else {
            long a, b;
            if (!pop(&st, &b) || !pop(&st, &a))
                return 2;
            switch (c) {
            case '+': a += b; break;
            case '-': a -= b; break;
            case '*': a *= b; break;
            case '/':
                if (b == 0)
                    return 3;
                a /= b;
                break;
            case '%':
                if (b == 0)
                    return 3;
                a %= b;
                break;
            case '~':
                a = -a;
                push(&st, a);
                a = b;
                break;
            default:
                return 4;
            }
            push(&st, a);
            expr++;
        }
    }
    if (st.top != 1)
        return 5;
    *result = st.items[0];
    return 0;
}

static int balanced(const char *s)
{
    char st[STACK_MAX];
    int top = 0;
    for (; *s; s++) {
        switch (*s) {
        case '(': case '[': case '{':
            if (top == STACK_MAX)
                return 0;
            st[top++] = *s;
            break;
        case ')':
            if (top == 0 || st[--top] != '(')
                return 0;
            break;
        case ']':
            if (top == 0 || st[--top] != '[')
                return 0;
            break;
        case '}':
            if (top == 0 || st[--top] != '{')
                return 0;
            break;
        }
    }
    return top == 0;
}

int main(void)
{
    const char *exprs[] = {"3 4 +", "5 1 2 + 4 * + 3 -", "2 3 4 * +", "100 7 %", "7 2 - 10 *",
                           "1 0 /", "1 +", "1 2", "9 3 / 2 ^", "65536 65536 *", "0 5 - 3 /"};
    const char *brackets[] = {"([]{})", "([)]", "((((", "", "{[()()]}x", "}"};
    int i, errors = 0;
    long total = 0;

    for (i = 0; i < (int)(sizeof exprs / sizeof exprs[0]); i++) {
        long r = 0;
        int err = rpn(exprs[i], &r);
        if (err) {
            printf("%-20s -> error %d\n", exprs[i], err);
            errors++;
        } else {
            printf("%-20s -> %ld\n", exprs[i], r);
            total += r;
        }
    }
    for (i = 0; i < 6; i++)
        printf("\"%s\" balanced=%d\n", brackets[i], balanced(brackets[i]));
    printf("errors=%d total=%ld\n", errors, total);
    return errors * 16 + (int)(total & 15);
}
