// kappa-expect: property=unreach-call verdict=true
// a function called a nondet number of times (up to a million) adds one each time
extern void abort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
unsigned int inc(unsigned int v) { return v + 1; }
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 1000000) return 0;
  unsigned int x = 0;
  for (unsigned int i = 0; i < n; i++) x = inc(x);
  __VERIFIER_assert(x == n);
  return 0;
}
