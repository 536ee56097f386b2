// Ten branches whose conditions mix every earlier input (acc): each query spans all the
// inputs read so far, so the work is in the solver, not in the interpreter.
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
    unsigned acc = 1, hits = 0;
    for (int i = 0; i < 10; i++) {
        unsigned a = __VERIFIER_nondet_uint();
        if ((a ^ acc) + (unsigned)i * 0x1000u > 0x7fffffffu) { hits++; acc = (acc << 1) ^ a; } else { acc += a; }
    }
    return (int)hits;
}
