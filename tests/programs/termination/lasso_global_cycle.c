// kappa-expect: property=termination verdict=false(termination)
// a global stepped by a helper goes round 0, 2, 4, 6 from an even start and never reaches 5
extern int __VERIFIER_nondet_int(void);
int g;
void step(void) { g = (g + 2) % 8; }
int main(void) {
  g = __VERIFIER_nondet_int();
  if (g < 0 || g > 7) return 0;
  while (g != 5) step();
  return 0;
}
