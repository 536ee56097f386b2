// Test-Comp inputs of every common type, in order: the test that returns 1 needs each value.
extern char __VERIFIER_nondet_char(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern short __VERIFIER_nondet_short(void);
extern unsigned long __VERIFIER_nondet_ulong(void);

int main(int argc, char **argv) {
    int score = 0;
    char c = __VERIFIER_nondet_char();
    unsigned char u = __VERIFIER_nondet_uchar();
    unsigned int w = __VERIFIER_nondet_uint();
    _Bool b = __VERIFIER_nondet_bool();
    short s = __VERIFIER_nondet_short();
    unsigned long l = __VERIFIER_nondet_ulong();

    if (c == -5 && u == 200 && w == 4000000000u && b && s == -300 && l == 10000000000ul)
        score = 1;
    if (argc >= 2)
        score += 2;
    return score;
}
