// kappa-expect: property=unreach-call verdict=true
// kappa-expect-ub: vla_bound 12:10 13:10
// a variable-length array of length 0 or less is undefined (C11 6.7.6.2p5): with --ub stop the
// path ends at the declaration and the error below it is never reached
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  unsigned u = __VERIFIER_nondet_int() & 3;
  int n = __VERIFIER_nondet_int();
  if (n > 4) return 0;
  char a[n];
  char b[u];
  if (n <= 0 || u == 0) reach_error();
  return sizeof a + sizeof b > 100;
}
