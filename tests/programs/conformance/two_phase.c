// kappa-expect: property=unreach-call verdict=true
// a loop whose body switches from one counter to the other at a nondet point: the two counters sum to the bound
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  int n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int();
  if (n < 0 || n > 100000 || m < 0 || m > n) return 0;
  int x = 0, y = 0;
  for (int i = 0; i < n; i++) {
    if (i < m) x++;
    else y++;
  }
  __VERIFIER_assert(x + y == n && x == m);
  return 0;
}
