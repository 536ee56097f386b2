// kappa-expect: verdict=false
// inputs 1, 2, 2, 3 lead INIT->OPEN->AUTH, the second 2 sets tries = 1, and 3 then moves to ERROR_STATE within the 6 steps
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "state_machine.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

enum state { INIT, OPEN, AUTH, READY, ERROR_STATE };

int main(void)
{
    enum state s = INIT;
    int step, tries = 0;
    for (step = 0; step < 6; step++) {
        int in = __VERIFIER_nondet_int();
        switch (s) {
        case INIT:
            if (in == 1)
                s = OPEN;
            break;
        case OPEN:
            if (in == 2) {
                s = AUTH;
                tries = 0;
            } else if (in == 0) {
                s = INIT;
            }
            break;
        case AUTH:
            if (in == 2)
                tries++;
            else if (in == 3)
                s = tries > 0 ? ERROR_STATE : READY;
            else
                s = OPEN;
            break;
        case READY:
            if (in == 0)
                s = INIT;
            break;
        case ERROR_STATE:
            break;
        }
    }
    __VERIFIER_assert(s != ERROR_STATE);
    return 0;
}
