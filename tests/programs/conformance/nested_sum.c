// kappa-expect: property=unreach-call verdict=true
// a counter summed in two nested loops of nondet bounds up to 1000 equals the product of the bounds
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000 || m < 0 || m > 1000) return 0;
  int s = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < m; j++)
      s++;
  __VERIFIER_assert(s == n * m);
  return 0;
}
