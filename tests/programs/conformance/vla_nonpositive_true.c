// kappa-expect: property=unreach-call verdict=true
// the VLA's bound is checked before the declaration; its elements are written and read back
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 6) return 0;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = 2 * i;
  __VERIFIER_assert(a[n - 1] == 2 * n - 2);
  return 0;
}
