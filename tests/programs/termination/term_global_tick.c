// kappa-expect: property=termination verdict=true
// a global goes round 0..3 while the loop counter grows on three of every four turns
extern int __VERIFIER_nondet_int(void);
int g;
void tick(void) { g = g + 1; if (g > 3) g = 0; }
int main(void) {
  g = __VERIFIER_nondet_int();
  if (g < 0 || g > 3) return 0;
  int i = 0;
  while (i < 12) {
    tick();
    if (g != 2) i++;
  }
  return 0;
}
