// kappa-expect: verdict=false
// the handler's address is taken only in a function that comes after the call through the pointer (installed by `setup`, which the front-end lowers after `fire`), and the handler reaches the error
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "fnptr_late_address.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } return; }

static int (*hook)(int);
static int fire(int x) { return hook ? hook(x) : 0; }
static int on_event(int x) { __VERIFIER_assert(x != 42); return x + 1; }
static int ignore(int x) { return x; }
static void setup(int which) { hook = which ? on_event : ignore; }

int main(void) {
    setup(__VERIFIER_nondet_int());
    return fire(__VERIFIER_nondet_int()) == 0;
}
