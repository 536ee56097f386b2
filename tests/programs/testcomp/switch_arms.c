// Test-Comp: every case of the switch and every branch direction is feasible; a branch-coverage
// suite must keep a test for each case (gcov counts each), not only for the two-way branches.
extern char __VERIFIER_nondet_char(void);
int kind(char c) {
  switch (c) {
  case 'n':
    return 1;
  case 't':
    return 2;
  case 'r':
    return 3;
  case '0':
    return 4;
  case 'x':
    return 5;
  default:
    return 0;
  }
}
int main(void) {
  char c = __VERIFIER_nondet_char();
  char d = __VERIFIER_nondet_char();
  int k = kind(c);
  if (d == '\\')
    k += 10;
  return k > 12;
}
