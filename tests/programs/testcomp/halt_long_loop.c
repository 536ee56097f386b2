// Dump-on-halt: every path runs a long loop of nondet reads, so a small state limit halts the
// run before any path ends; the states still pending have covered branches no test covers.
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
    int n = 0;
    for (int i = 0; i < 40; i++) {
        unsigned char c = __VERIFIER_nondet_uchar();
        if (c == 'a' + i % 3)
            n += 2;
        else if (c > 200)
            n -= 1;
    }
    return n > 10;
}
