// kappa-expect: property=termination verdict=true
// a temporary the loop writes is dead at its head: only the counter decides, and it moves to 10
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int t = 0;
  if (x < 0 || x > 20) return 0;
  while (x != 10) {
    t = x * 2;
    x = x < 10 ? x + 1 : x - 1;
  }
  return t;
}
