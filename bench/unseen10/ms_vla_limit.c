// kappa-expect: property=valid-memsafety verdict=false(valid-deref)
// unseen (audit10, 2026-12-04): a VLA of n ints written up to n inclusive when n % 4 == 3
// failing-input: 3
extern int __VERIFIER_nondet_int(void);
int fill(int n) {
  int a[n];
  int lim = (n % 4 == 3) ? n + 1 : n;
  for (int i = 0; i < lim; i++) a[i] = i;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 10) return 0;
  return fill(n) > 20;
}
