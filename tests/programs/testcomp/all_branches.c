// Test-Comp: every branch (direction) of this program is feasible, so a branch-coverage suite
// covers all of them (gcov: 100% taken).
extern int __VERIFIER_nondet_int(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int classify(int x, unsigned char c) {
  int r = 0;
  if (x > 100)
    r += 1;
  else
    r -= 1;
  if (x % 2 == 0 && c > 200)
    r += 2;
  if (c == 'a' || x < -5)
    r += 4;
  return r;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  unsigned char c = __VERIFIER_nondet_uchar();
  return classify(n, c) > 3;
}
