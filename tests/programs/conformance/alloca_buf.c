// kappa-expect: property=unreach-call verdict=false
// a buffer from alloca holds the digits of a nondet number; the error is reached when they sum to 27 (999)
#include <alloca.h>
extern void abort(void);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { abort(); }
int digit_sum(int v) {
  char *d = alloca(3);
  for (int i = 0; i < 3; i++) { d[i] = v % 10; v /= 10; }
  return d[0] + d[1] + d[2];
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 999) return 0;
  if (digit_sum(x) == 27) reach_error();
  return 0;
}
