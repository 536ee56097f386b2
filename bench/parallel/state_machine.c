// A protocol state machine driven by ten nondet events (a switch per step): paths are the
// event sequences the machine accepts.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
    int st = 0, opened = 0;
    for (int i = 0; i < 10; i++) {
        int ev = __VERIFIER_nondet_int();
        switch (st) {
        case 0: if (ev == 1) { st = 1; opened++; } else if (ev == 2) st = 3; break;
        case 1: if (ev == 3) st = 2; else if (ev == 4) st = 0; break;
        case 2: if (ev == 5) st = 0; else if (ev == 6) st = 3; break;
        default: if (ev == 0) st = 0; break;
        }
    }
    if (opened > 10) reach_error();
    return st;
}
