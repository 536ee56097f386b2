// Two loops over an array, a lock protocol after them: the index checks of the loops hold by
// the loop-head invariant 0 <= i (with the loops' conditions i < 4), which `kappa slice`
// proves before slicing, so the slice lists no possible undefined behaviour.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int lock;
int main(void) {
  int a[4];
  for (int i = 0; i < 4; i++) {
    a[i] = __VERIFIER_nondet_int();
  }
  int n = 0;
  for (int i = 0; i < 4; i++) {
    if (a[i] > 0) n++;
  }
  if (lock) reach_error();
  lock = 1;
  if (n > 4) reach_error();
  lock = 0;
  return 0;
}
