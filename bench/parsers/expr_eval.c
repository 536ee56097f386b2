// kappa-expect: verdict=true
// recursive-descent expression evaluator (a lexer struct, + - * / % unary minus and parentheses, division by zero reported, nesting bounded) over 7 nondet chars: without a minus sign a successful evaluation is never negative
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "expr_eval.c", 5, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { reach_error(); abort(); } }

enum tok_kind { T_NUM, T_PLUS, T_MINUS, T_STAR, T_SLASH, T_PERCENT, T_LPAREN, T_RPAREN, T_END, T_BAD };
enum { E_OK = 0, E_SYNTAX = 1, E_DIV0 = 2, E_DEPTH = 3 };
#define MAX_DEPTH 3

struct lexer {
    const char *p;
    enum tok_kind kind;
    long value;
};

struct parser {
    struct lexer lx;
    int error;
    int depth;
};

static void next_token(struct lexer *lx) {
    while (*lx->p == ' ') {
        lx->p++;
    }
    char c = *lx->p;
    switch (c) {
    case '\0':
        lx->kind = T_END;
        return;
    case '+':
        lx->kind = T_PLUS;
        break;
    case '-':
        lx->kind = T_MINUS;
        break;
    case '*':
        lx->kind = T_STAR;
        break;
    case '/':
        lx->kind = T_SLASH;
        break;
    case '%':
        lx->kind = T_PERCENT;
        break;
    case '(':
        lx->kind = T_LPAREN;
        break;
    case ')':
        lx->kind = T_RPAREN;
        break;
    default:
        if (c >= '0' && c <= '9') {
            long v = 0;
            while (*lx->p >= '0' && *lx->p <= '9') {
                v = v * 10 + (*lx->p - '0');
                lx->p++;
            }
            lx->kind = T_NUM;
            lx->value = v;
            return;
        }
        lx->kind = T_BAD;
        return;
    }
    lx->p++;
}

static long parse_expr(struct parser *ps);

static long parse_factor(struct parser *ps) {
    long v;
    if (ps->error) {
        return 0;
    }
    switch (ps->lx.kind) {
    case T_NUM:
        v = ps->lx.value;
        next_token(&ps->lx);
        return v;
    case T_MINUS:
        next_token(&ps->lx);
        return -parse_factor(ps);
    case T_LPAREN:
        if (++ps->depth > MAX_DEPTH) {
            ps->error = E_DEPTH;
            return 0;
        }
        next_token(&ps->lx);
        v = parse_expr(ps);
        if (ps->lx.kind != T_RPAREN) {
            ps->error = E_SYNTAX;
            return 0;
        }
        ps->depth--;
        next_token(&ps->lx);
        return v;
    default:
        ps->error = E_SYNTAX;
        return 0;
    }
}

static long parse_term(struct parser *ps) {
    long v = parse_factor(ps);
    while (!ps->error && (ps->lx.kind == T_STAR || ps->lx.kind == T_SLASH || ps->lx.kind == T_PERCENT)) {
        enum tok_kind op = ps->lx.kind;
        next_token(&ps->lx);
        long r = parse_factor(ps);
        if (ps->error) {
            return 0;
        }
        if (op == T_STAR) {
            v = v * r;
        } else if (r == 0) {
            ps->error = E_DIV0;
            return 0;
        } else if (op == T_SLASH) {
            v = v / r;
        } else {
            v = v % r;
        }
    }
    return v;
}

static long parse_expr(struct parser *ps) {
    long v = parse_term(ps);
    while (!ps->error && (ps->lx.kind == T_PLUS || ps->lx.kind == T_MINUS)) {
        enum tok_kind op = ps->lx.kind;
        next_token(&ps->lx);
        long r = parse_term(ps);
        v = op == T_PLUS ? v + r : v - r;
    }
    return v;
}

int eval(const char *s, long *result) {
    struct parser ps;
    ps.lx.p = s;
    ps.error = E_OK;
    ps.depth = 0;
    next_token(&ps.lx);
    long v = parse_expr(&ps);
    if (!ps.error && ps.lx.kind != T_END) {
        ps.error = E_SYNTAX;
    }
    if (ps.error) {
        return ps.error;
    }
    *result = v;
    return E_OK;
}

#define N 7
int main(void) {
    char s[N + 1];
    int minus = 0;
    long v = 0;
    for (int i = 0; i < N; i++) {
        s[i] = __VERIFIER_nondet_char();
    }
    s[N] = '\0';
    for (int i = 0; s[i]; i++) {
        minus |= s[i] == '-';
    }
    if (eval(s, &v) == E_OK && !minus) {
        __VERIFIER_assert(v >= 0);
    }
    return 0;
}
