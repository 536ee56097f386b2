// kappa-expect: property=unreach-call verdict=false
// a VLA whose bound is 0 or negative is undefined behaviour; the error is reachable without it, with n = 1 or 2
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n > 5) n = 5;
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  if (n < 3) reach_error();
  return a[n - 1];
}
