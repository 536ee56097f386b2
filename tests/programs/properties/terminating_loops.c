// kappa-expect: property=termination verdict=true
// two loops bounded by a small input
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) return 0;
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) s++;
  return s;
}
