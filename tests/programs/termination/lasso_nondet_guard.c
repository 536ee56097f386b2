// kappa-expect: property=termination verdict=false(termination)
// a loop whose guard is a fresh nondet value: the execution that reads 1 forever never ends
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int polls = 0;
  while (__VERIFIER_nondet_int()) {
    polls = 1;
  }
  return polls;
}
