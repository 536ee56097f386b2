// kappa-expect: property=unreach-call verdict=false
// a program with a few paths and an error, for the replay of a suite: tests in subdirectories
// of the suite's directory, and a run given the program's absolute path replayed from its folder
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x > 10) {
    if (y == x + 1) reach_error();
    return 1;
  }
  if (y < 0) return 2;
  return 0;
}
