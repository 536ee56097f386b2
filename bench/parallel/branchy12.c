// Twelve independent branches on nondet inputs: 4096 paths, each query small.
// The shape parallel symbolic execution gains most on (Cloud9's "many independent branches").
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int score = 0;
    for (int i = 0; i < 12; i++) {
        int x = __VERIFIER_nondet_int();
        if (x > i * 7) score += i; else score -= 1;
    }
    if (score == 1000) reach_error();   // unreachable: at most 66
    return 0;
}
