// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// a callback that is registered only for some modes is called without a check
extern int __VERIFIER_nondet_int(void);
struct handlers { int (*on_data)(int); int (*on_error)(int); };
static int print_data(int x) { return x; }
static int report(int x) { return -x; }
int main(void) {
    struct handlers h = { print_data, 0 };
    if (__VERIFIER_nondet_int()) h.on_error = report;
    int x = __VERIFIER_nondet_int();
    if (x < 0) return h.on_error(x);
    return h.on_data(x);
}
