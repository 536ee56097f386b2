// kappa-expect-error: call to undeclared function `frobnicate`
// kappa-expect-pos: 6:3
// a function with no declaration, no definition and no model in kappa's C library
extern int __VERIFIER_nondet_int(void);
int main(void) {
  frobnicate(__VERIFIER_nondet_int());
  return 0;
}
