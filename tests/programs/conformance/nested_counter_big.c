// kappa-expect: property=unreach-call verdict=false
// x counts to 0x0fffffff (odd) with an inner loop of 10 steps per iteration: the assertion x % 2 == 0 fails; a concrete run takes 2.7e9 inner steps
extern void abort(void);
void reach_error(void) { abort(); }
void __VERIFIER_assert(int cond) { if (!cond) { reach_error(); } }
int main(void) {
  unsigned int x = 0, y;
  while (x < 0x0fffffff) {
    y = 0;
    while (y < 10) y++;
    x++;
  }
  __VERIFIER_assert(x % 2 == 0);
  return 0;
}
