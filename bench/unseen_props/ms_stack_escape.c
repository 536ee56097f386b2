// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// unseen (lead, 2026-12-02): a pointer to a callee's local is read after the callee returned
// failing-input: 5
extern int __VERIFIER_nondet_int(void);
int *make(int v) { int local = v; int *p = &local; return p; }
int main(void) {
  int *p = make(__VERIFIER_nondet_int());
  int x = *p;
  return x > 0;
}
