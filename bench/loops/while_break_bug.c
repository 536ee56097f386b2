// kappa-expect: verdict=false
// 50 inputs different from 42 followed by 42 leave cnt == 50 and cnt != 50 fails
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "while_break_bug.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void)
{
    int cnt = 0;
    while (1) {
        int x = __VERIFIER_nondet_int();
        if (x == 42)
            break;
        cnt++;
        if (cnt >= 100)
            break;
    }
    __VERIFIER_assert(cnt != 50);
    return 0;
}
