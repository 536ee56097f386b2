// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// unseen (audit10, 2026-12-04): a function returns the address of its local through a pointer variable
// failing-input: 5 1
extern int __VERIFIER_nondet_int(void);
int *mk(int v) {
  int local = v;
  int *p = &local;
  return p;
}
int main(void) {
  int *p = mk(__VERIFIER_nondet_int());
  int x = __VERIFIER_nondet_int();
  if (x > 0)
    return *p;
  return 0;
}
