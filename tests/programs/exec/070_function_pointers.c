// Function pointers: taken with and without `&`, stored in variables, structs and arrays,
// passed, returned, compared, cast through another function type and back,
// and called as `f(x)`, `(*f)(x)` and `(&g)(x)`.
#include <stdio.h>

typedef int (*binop)(int, int);

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int helper(int x) { return 2 * x; }

struct op { const char *name; binop fn; };
static struct op ops[] = { { "add", add }, { "sub", &sub }, { "mul", mul } };

static binop pick(char c) {
    switch (c) {
    case '+': return add;
    case '-': return sub;
    case '*': return &mul;
    default: return 0;
    }
}

static int fold(binop f, const int *xs, int n, int acc) {
    for (int i = 0; i < n; i++)
        acc = (*f)(acc, xs[i]);
    return acc;
}

struct counter { int hits; };
static void bump(void *ctx, int by) { ((struct counter *)ctx)->hits += by; }
static void each(const int *xs, int n, void (*cb)(void *, int), void *ctx) {
    for (int i = 0; i < n; i++)
        cb(ctx, xs[i]);
}

int main(void) {
    /* only compares the address */
    printf("%d\n", &helper != 0);
    int (*op)(int, int) = add;
    int r = op(5, 3);
    op = sub;
    r += op(5, 3);
    printf("%d\n", r);
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("%s(7, 4) = %d\n", ops[i].name, ops[i].fn(7, 4));
    int xs[4] = { 1, 2, 3, 4 };
    const char *cs = "+-*?";
    for (int i = 0; cs[i]; i++) {
        binop f = pick(cs[i]);
        if (f)
            printf("fold %c = %d\n", cs[i], fold(f, xs, 4, cs[i] == '*' ? 1 : 0));
        else
            printf("no op for %c\n", cs[i]);
    }
    printf("same: %d %d %d\n", pick('+') == add, pick('-') == add, pick('*') == &mul);
    struct counter c = { 0 };
    each(xs, 4, bump, &c);
    printf("hits %d\n", c.hits);
    void (*erased)(void) = (void (*)(void))helper;
    int (*back)(int) = (int (*)(int))erased;
    printf("%d %d\n", back(21), (&helper)(5));
    return 0;
}
