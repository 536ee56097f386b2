// kappa-expect: verdict=true
// k-induction's pool takes the assertion inside the loop (busy == (st != 0)) and the bounds of
// a remainder (0 <= slot <= 5) as candidates at the loop head.
extern void abort(void);
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

int main(void) {
    int st = 0, busy = 0, slot = 0;
    while (__VERIFIER_nondet_int()) {
        int ev = __VERIFIER_nondet_int();
        if (st == 0 && ev == 1) { st = 1; busy = 1; }
        else if (st == 1 && ev == 2) { st = 2; }
        else if (st != 0 && ev == 3) { st = 0; busy = 0; }
        slot = (slot + 1) % 6;
        __VERIFIER_assert(busy == (st != 0));
    }
    __VERIFIER_assert(slot < 6);
    return 0;
}
