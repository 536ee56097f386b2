// kappa-expect: property=termination verdict=false(termination)
// two positive values swapped forever: the state comes back every second iteration
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int(), y = __VERIFIER_nondet_int();
  while (x > 0) {
    int t = x;
    x = y;
    y = t;
  }
  return 0;
}
