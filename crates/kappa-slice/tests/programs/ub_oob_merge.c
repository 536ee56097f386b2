// Undefined behaviour on one side of a join: `t[7]` is out of bounds when a <= 5. The state of
// the other side must not absorb it by merging.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int t[4];
int main(void) {
  int i;
  int a = __VERIFIER_nondet_int();
  if (a > 5) i = 2; else i = 7;
  t[i] = 1;
  if (a > 100 && a < 50) reach_error();
  return 0;
}
