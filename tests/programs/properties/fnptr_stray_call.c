// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// a handler slot of a union is overwritten through its other member with a data pointer, then called
extern int __VERIFIER_nondet_int(void);
static int twice(int x) { return 2 * x; }
union slot { int (*fn)(int); char *data; };
static char buffer[4];
int main(void) {
    union slot s;
    s.fn = twice;
    if (__VERIFIER_nondet_int()) s.data = buffer;
    return s.fn(3);
}
