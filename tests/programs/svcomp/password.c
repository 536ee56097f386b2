// kappa-expect: verdict=false
// the nondet characters can spell the secret 'kappa!' followed by a NUL, which makes check() return 1 and reaches the error
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "password.c", 3, "reach_error"); }
extern char __VERIFIER_nondet_char(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

static const char secret[] = "kappa!";

int check(const char *guess)
{
    int i;
    for (i = 0; secret[i] != '\0'; i++)
        if (guess[i] != secret[i])
            return 0;
    return guess[i] == '\0';
}

int main(void)
{
    char buf[8];
    int i;
    for (i = 0; i < 8; i++)
        buf[i] = __VERIFIER_nondet_char();
    if (check(buf))
        reach_error();
    return 0;
}
