// kappa-expect: verdict=false
// class: array. a ring buffer that wraps at 3 while it has 4 slots: an item is overwritten
extern int __VERIFIER_nondet_int(void);
extern unsigned __VERIFIER_nondet_uint(void);
extern void __VERIFIER_assume(int);
extern void reach_error(void);
extern void *malloc(unsigned long);
extern void free(void *);
extern void abort(void);
#define assert(c) do { if (!(c)) reach_error(); } while (0)
int main(void) {
    int buf[4], head = 0, tail = 0, count = 0, next_in = 0, next_out = 0;
    for (int step = 0; step < 8; step++) {
        if (__VERIFIER_nondet_int()) {
            if (count < 4) { buf[tail] = next_in++; tail = (tail + 1) % 3; count++; }
        } else if (count > 0) {
            int x = buf[head]; head = (head + 1) % 4; count--;
            assert(x == next_out);
            next_out++;
        }
    }
    return 0;
}
