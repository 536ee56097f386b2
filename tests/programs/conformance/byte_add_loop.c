// kappa-expect: property=unreach-call verdict=false
// a byte incremented by 3 in a loop wraps around: after 86 iterations it is 2, which the assertion excludes
extern void abort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  if (n > 300) return 0;
  unsigned char c = 0;
  for (unsigned int i = 0; i < n; i++) c += 3;
  __VERIFIER_assert(c != 2);
  return 0;
}
