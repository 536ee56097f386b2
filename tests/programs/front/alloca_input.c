// kappa-expect: property=unreach-call verdict=false
// alloca: a block in the caller's frame whose contents are inputs (uninitialised); replay
// fills it in the compiled program
#include <alloca.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int pick(int n) { int *p = alloca(4 * sizeof(int)); return p[n] & 1; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 3) return 0;
  if (pick(n) == 1 && n == 2) reach_error();
  return 0;
}
